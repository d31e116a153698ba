package dev.tvmbind;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a model's interface says of it, at run time: the generated binding's {@code INFO}
 * constant, also reachable as {@link TvmModels#info(Class)}.
 *
 * <pre>{@code
 * ModelInfo info = TvmModels.info(KeywordSpotter.class);
 * info.cName();                  // "acme_kws"
 * info.symbol("run");           // Optional["acme_kws_run"]
 * for (TensorInfo input : info.inputs()) {
 *     System.out.println(input.name() + " " + input.dtype() + " " + input.shape());
 * }
 * }</pre>
 *
 * @param modelInterface the {@code @TvmModel} interface that describes the model
 * @param name the model name (TVM's {@code mod_name})
 * @param prefix the prefix of its C names
 * @param header the C header's file name
 * @param symbols the C symbol of each entry point, in declaration order
 * @param runSymbol the C symbol of the tensor entry point (TVM's run function), or empty when
 *     the model has none: what a {@link TvmExecutor} calls
 * @param workspaceSize the workspace size in bytes the interface declares
 * @param reentrant whether the model's run may execute concurrently
 *     ({@code @TvmModel(reentrant = true)}); when not, its runs in one loaded library wait for
 *     each other
 * @param inputs the tensor entry point's inputs, in struct order; empty without one
 * @param outputs its outputs
 * @param workspacePools its workspace pools
 * @param devices its devices
 */
public record ModelInfo(Class<?> modelInterface, String name, String prefix, String header,
        List<String> symbols, String runSymbol, long workspaceSize, boolean reentrant,
        List<TensorInfo> inputs, List<TensorInfo> outputs, List<TensorInfo> workspacePools,
        List<TensorInfo> devices) {
    /** Copies the lists, which are then unmodifiable. */
    public ModelInfo {
        Objects.requireNonNull(modelInterface, "modelInterface");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(prefix, "prefix");
        Objects.requireNonNull(header, "header");
        Objects.requireNonNull(runSymbol, "runSymbol");
        symbols = List.copyOf(symbols);
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
        workspacePools = List.copyOf(workspacePools);
        devices = List.copyOf(devices);
    }

    /**
     * The same with arrays: what generated code writes, since javac resolves a constructor with
     * arrays much faster than {@code List.of} with its overloads.
     *
     * @param modelInterface the {@code @TvmModel} interface
     * @param name the model name
     * @param prefix the prefix of its C names
     * @param header the C header's file name
     * @param symbols the C symbol of each entry point
     * @param runSymbol the C symbol of the tensor entry point, or empty
     * @param workspaceSize the workspace size in bytes
     * @param reentrant whether the model's run may execute concurrently
     * @param inputs the inputs, in struct order
     * @param outputs the outputs
     * @param workspacePools the workspace pools
     * @param devices the devices
     */
    public ModelInfo(Class<?> modelInterface, String name, String prefix, String header,
            String[] symbols, String runSymbol, long workspaceSize, boolean reentrant,
            TensorInfo[] inputs, TensorInfo[] outputs, TensorInfo[] workspacePools,
            TensorInfo[] devices) {
        this(modelInterface, name, prefix, header, List.of(symbols), runSymbol, workspaceSize,
                reentrant, List.of(inputs), List.of(outputs), List.of(workspacePools), List.of(devices));
    }

    /**
     * The namespace of the model's C names.
     *
     * @return {@code <prefix>_<model>}, e.g. {@code tvmgen_default}
     */
    public String cName() {
        return prefix + "_" + name;
    }

    /**
     * The symbol of the entry point whose C function is {@code function} ({@code run},
     * {@code get_version}), if the model has it.
     *
     * @param function the C function's name, the symbol's last part
     * @return the symbol, or empty
     */
    public Optional<String> symbol(String function) {
        String symbol = cName() + "_" + function;
        return symbols.contains(symbol) ? Optional.of(symbol) : Optional.empty();
    }
}

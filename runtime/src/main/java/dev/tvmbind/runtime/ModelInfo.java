package dev.tvmbind.runtime;

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
     * A model known by its C names only: header {@code <prefix>_<name>.h} (TVM's, always), no
     * entry points yet.
     * Generated bindings build their {@code INFO} from it, one fact a step.
     *
     * @param modelInterface the {@code @TvmModel} interface
     * @param prefix the prefix of its C names
     * @param name the model name
     * @return the description
     */
    public static ModelInfo of(Class<?> modelInterface, String prefix, String name) {
        return new ModelInfo(modelInterface, name, prefix, prefix + "_" + name + ".h", List.of(), "",
                0, false, List.of(), List.of(), List.of(), List.of());
    }

    /**
     * The same with these entry points.
     *
     * @param symbols the C symbol of each entry point, in declaration order
     * @return a copy
     */
    public ModelInfo symbols(String... symbols) {
        return new ModelInfo(modelInterface, name, prefix, header, List.of(symbols), runSymbol,
                workspaceSize, reentrant, inputs, outputs, workspacePools, devices);
    }

    /**
     * The same with a tensor entry point, TVM's run function.
     *
     * @param runSymbol its C symbol
     * @return a copy
     */
    public ModelInfo runSymbol(String runSymbol) {
        return new ModelInfo(modelInterface, name, prefix, header, symbols, runSymbol,
                workspaceSize, reentrant, inputs, outputs, workspacePools, devices);
    }

    /**
     * The same with these inputs.
     *
     * @param inputs the run function's inputs, in struct order
     * @return a copy
     */
    public ModelInfo inputs(TensorInfo... inputs) {
        return new ModelInfo(modelInterface, name, prefix, header, symbols, runSymbol,
                workspaceSize, reentrant, List.of(inputs), outputs, workspacePools, devices);
    }

    /**
     * The same with these outputs.
     *
     * @param outputs the run function's outputs, in struct order
     * @return a copy
     */
    public ModelInfo outputs(TensorInfo... outputs) {
        return new ModelInfo(modelInterface, name, prefix, header, symbols, runSymbol,
                workspaceSize, reentrant, inputs, List.of(outputs), workspacePools, devices);
    }

    /**
     * The same with these workspace pools.
     *
     * @param workspacePools the run function's workspace pools, in struct order
     * @return a copy
     */
    public ModelInfo workspacePools(TensorInfo... workspacePools) {
        return new ModelInfo(modelInterface, name, prefix, header, symbols, runSymbol,
                workspaceSize, reentrant, inputs, outputs, List.of(workspacePools), devices);
    }

    /**
     * The same with these devices.
     *
     * @param devices the run function's devices, in struct order
     * @return a copy
     */
    public ModelInfo devices(TensorInfo... devices) {
        return new ModelInfo(modelInterface, name, prefix, header, symbols, runSymbol,
                workspaceSize, reentrant, inputs, outputs, workspacePools, List.of(devices));
    }

    /**
     * The same with a workspace size.
     *
     * @param workspaceSize the workspace size in bytes the interface declares
     * @return a copy
     */
    public ModelInfo workspaceSize(long workspaceSize) {
        return new ModelInfo(modelInterface, name, prefix, header, symbols, runSymbol,
                workspaceSize, reentrant, inputs, outputs, workspacePools, devices);
    }

    /**
     * The same, declared reentrant or not.
     *
     * @param reentrant whether the model's run may execute concurrently
     * @return a copy
     */
    public ModelInfo reentrant(boolean reentrant) {
        return new ModelInfo(modelInterface, name, prefix, header, symbols, runSymbol,
                workspaceSize, reentrant, inputs, outputs, workspacePools, devices);
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

package dev.tvmbind.runtime;

import dev.tvmbind.contract.CNames;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a model's interface says of it, at run time: the generated binding's {@code INFO}
 * constant, also reachable as {@link TvmModels#info(Class)}. Read-only; generated bindings describe
 * their models, nothing else makes one.
 *
 * <pre>{@code
 * ModelInfo info = TvmModels.info(KeywordSpotter.class);
 * info.cName();                  // "acme_kws"
 * info.symbol("run");           // Optional["acme_kws_run"]
 * for (TensorInfo input : info.inputs()) {
 *     System.out.println(input.name() + " " + input.dtype() + " " + input.shape());
 * }
 * }</pre>
 */
public final class ModelInfo {
    private final Class<?> modelInterface;
    private final String name;
    private final String prefix;
    private final List<String> symbols;
    /** Null without a tensor entry point. */
    private final String runSymbol;
    private final long workspaceSize;
    private final boolean reentrant;
    private final List<List<TensorInfo>> tensors;

    /** Made by generated code, through {@code dev.tvmbind.runtime.internal}. */
    ModelInfo(Class<?> modelInterface, String prefix, String name, List<String> symbols,
            String runSymbol, long workspaceSize, boolean reentrant, List<TensorInfo> inputs,
            List<TensorInfo> outputs, List<TensorInfo> workspacePools, List<TensorInfo> devices) {
        this.modelInterface = Objects.requireNonNull(modelInterface, "modelInterface");
        this.prefix = Objects.requireNonNull(prefix, "prefix");
        this.name = Objects.requireNonNull(name, "name");
        this.symbols = List.copyOf(symbols);
        this.runSymbol = runSymbol;
        this.workspaceSize = workspaceSize;
        this.reentrant = reentrant;
        this.tensors = List.of(List.copyOf(inputs), List.copyOf(outputs),
                List.copyOf(workspacePools), List.copyOf(devices));
    }

    /**
     * The interface that describes the model.
     *
     * @return the {@code @TvmModel} interface
     */
    public Class<?> modelInterface() {
        return modelInterface;
    }

    /**
     * The model name.
     *
     * @return TVM's {@code mod_name}
     */
    public String name() {
        return name;
    }

    /**
     * The prefix of its C names.
     *
     * @return e.g. {@code tvmgen}
     */
    public String prefix() {
        return prefix;
    }

    /**
     * The namespace of the model's C names.
     *
     * @return {@code <prefix>_<model>}, e.g. {@code tvmgen_default}
     */
    public String cName() {
        return CNames.model(prefix, name);
    }

    /**
     * The C header's file name, TVM's always.
     *
     * @return {@code <prefix>_<model>.h}
     */
    public String header() {
        return CNames.headerFile(cName());
    }

    /**
     * The C symbol of each entry point.
     *
     * @return them in declaration order
     */
    public List<String> symbols() {
        return symbols;
    }

    /**
     * The symbol of the entry point whose C function is {@code function} ({@code run},
     * {@code get_version}), if the model has it.
     *
     * @param function the C function's name, the symbol's last part
     * @return the symbol, or empty
     */
    public Optional<String> symbol(String function) {
        String symbol = CNames.symbol(cName(), function);
        return symbols.contains(symbol) ? Optional.of(symbol) : Optional.empty();
    }

    /**
     * The tensor entry point's C symbol: TVM's run function, what a {@link TvmExecutor} calls.
     *
     * @return it, or empty when the model has none
     */
    public Optional<String> runSymbol() {
        return Optional.ofNullable(runSymbol);
    }

    /**
     * The workspace the interface declares.
     *
     * @return its size in bytes, 0 when it declares none
     */
    public long workspaceSize() {
        return workspaceSize;
    }

    /**
     * Whether the model's run may execute concurrently ({@code @TvmModel(reentrant = true)});
     * when not, its runs in one loaded library wait for each other.
     *
     * @return what the interface declares
     */
    public boolean reentrant() {
        return reentrant;
    }

    /**
     * The tensor entry point's inputs.
     *
     * @return them in struct order; empty without one
     */
    public List<TensorInfo> inputs() {
        return tensors.get(0);
    }

    /**
     * Its outputs.
     *
     * @return them in struct order
     */
    public List<TensorInfo> outputs() {
        return tensors.get(1);
    }

    /**
     * Its workspace pools.
     *
     * @return them in struct order
     */
    public List<TensorInfo> workspacePools() {
        return tensors.get(2);
    }

    /**
     * Its devices.
     *
     * @return them in struct order
     */
    public List<TensorInfo> devices() {
        return tensors.get(3);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ModelInfo that && modelInterface == that.modelInterface
                && prefix.equals(that.prefix) && name.equals(that.name)
                && symbols.equals(that.symbols) && Objects.equals(runSymbol, that.runSymbol)
                && workspaceSize == that.workspaceSize && reentrant == that.reentrant
                && tensors.equals(that.tensors);
    }

    @Override
    public int hashCode() {
        return Objects.hash(modelInterface, prefix, name, symbols, runSymbol, tensors);
    }

    @Override
    public String toString() {
        return "ModelInfo[" + cName() + ", " + modelInterface.getName() + ", symbols=" + symbols
                + ", inputs=" + inputs() + ", outputs=" + outputs()
                + (workspacePools().isEmpty() ? "" : ", workspacePools=" + workspacePools())
                + (devices().isEmpty() ? "" : ", devices=" + devices())
                + (workspaceSize == 0 ? "" : ", workspaceSize=" + workspaceSize)
                + (reentrant ? ", reentrant" : "") + "]";
    }
}

package dev.tvmbind.runtime;

import dev.tvmbind.TensorRole;
import dev.tvmbind.contract.CNames;
import dev.tvmbind.contract.ModelContract;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a model's interface says of it, at run time: the generated binding's {@code INFO}
 * constant, also reachable as {@link TvmModels#info(Class)}. A view of the model's contract, the
 * description the processor compared with TVM's output and recorded beside the classes.
 * Read-only; generated bindings describe their models, nothing else makes one.
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
    private final ModelContract contract;
    /** The contract's tensors of each role, in {@link TensorRole} order. */
    private final List<List<TensorInfo>> tensors;

    /** Made by generated code, through {@code dev.tvmbind.runtime.internal}. */
    ModelInfo(Class<?> modelInterface, ModelContract contract) {
        this.modelInterface = Objects.requireNonNull(modelInterface, "modelInterface");
        this.contract = Objects.requireNonNull(contract, "contract");
        this.tensors = Arrays.stream(TensorRole.values()).map(role -> contract.tensors(role)
                .stream().map(TensorInfo::new).toList()).toList();
    }

    /**
     * What it shows: the model's contract, the one the processor checked against TVM's output
     * and recorded.
     */
    ModelContract contract() {
        return contract;
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
        return contract.name();
    }

    /**
     * The prefix of its C names.
     *
     * @return e.g. {@code tvmgen}
     */
    public String prefix() {
        return contract.prefix();
    }

    /**
     * The namespace of the model's C names.
     *
     * @return {@code <prefix>_<model>}, e.g. {@code tvmgen_default}
     */
    public String cName() {
        return contract.namespace();
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
        return contract.symbols();
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
        return contract.symbols().contains(symbol) ? Optional.of(symbol) : Optional.empty();
    }

    /**
     * The tensor entry point's C symbol: TVM's run function, what a {@link TvmExecutor} calls.
     *
     * @return it, or empty when the model has none
     */
    public Optional<String> runSymbol() {
        return contract.run().map(contract::symbol);
    }

    /**
     * The workspace the interface declares.
     *
     * @return its size in bytes, 0 when it declares none
     */
    public long workspaceSize() {
        return contract.workspaceSize();
    }

    /**
     * Whether the model's run may execute concurrently ({@code @TvmModel(reentrant = true)});
     * when not, its runs in one loaded library wait for each other.
     *
     * @return what the interface declares
     */
    public boolean reentrant() {
        return contract.reentrant();
    }

    /**
     * The tensor entry point's inputs.
     *
     * @return them in struct order; empty without one
     */
    public List<TensorInfo> inputs() {
        return tensors.get(TensorRole.INPUT.ordinal());
    }

    /**
     * Its outputs.
     *
     * @return them in struct order
     */
    public List<TensorInfo> outputs() {
        return tensors.get(TensorRole.OUTPUT.ordinal());
    }

    /**
     * Its workspace pools.
     *
     * @return them in struct order
     */
    public List<TensorInfo> workspacePools() {
        return tensors.get(TensorRole.WORKSPACE_POOL.ordinal());
    }

    /**
     * Its devices.
     *
     * @return them in struct order
     */
    public List<TensorInfo> devices() {
        return tensors.get(TensorRole.DEVICE.ordinal());
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ModelInfo that && modelInterface == that.modelInterface
                && contract.equals(that.contract);
    }

    @Override
    public int hashCode() {
        return Objects.hash(modelInterface, contract);
    }

    @Override
    public String toString() {
        return "ModelInfo[" + cName() + ", " + modelInterface.getName() + ", symbols=" + symbols()
                + ", inputs=" + inputs() + ", outputs=" + outputs()
                + (workspacePools().isEmpty() ? "" : ", workspacePools=" + workspacePools())
                + (devices().isEmpty() ? "" : ", devices=" + devices())
                + (workspaceSize() == 0 ? "" : ", workspaceSize=" + workspaceSize())
                + (reentrant() ? ", reentrant" : "") + "]";
    }
}

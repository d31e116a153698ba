package dev.tvmbind.runtime.internal;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.ModelInfo;
import dev.tvmbind.runtime.TensorInfo;
import java.util.Arrays;
import java.util.List;

/**
 * How generated code describes its model: one named fact a step, so that a reader of the binding
 * sees what each value is, ending in {@code build()}. The public {@link ModelInfo} and
 * {@link TensorInfo} are read-only; this is their only maker.
 */
public final class Descriptions {
    private Descriptions() {}

    /**
     * A model known by its C names only, no entry points yet.
     *
     * @param modelInterface the {@code @TvmModel} interface
     * @param prefix the prefix of its C names
     * @param name the model name
     * @return the builder
     */
    public static ModelBuilder model(Class<?> modelInterface, String prefix, String name) {
        return new ModelBuilder(modelInterface, prefix, name);
    }

    /**
     * A tensor known by name only: its struct member is the name, nothing else is known.
     *
     * @param name the name as written in the annotation
     * @return the builder
     */
    public static TensorBuilder tensor(String name) {
        return new TensorBuilder(name);
    }

    /** A model's description, a fact a step. */
    public static final class ModelBuilder {
        private final Class<?> modelInterface;
        private final String prefix;
        private final String name;
        private List<String> symbols = List.of();
        private String runSymbol;
        private long workspaceSize;
        private boolean reentrant;
        private List<TensorInfo> inputs = List.of();
        private List<TensorInfo> outputs = List.of();
        private List<TensorInfo> workspacePools = List.of();
        private List<TensorInfo> devices = List.of();

        private ModelBuilder(Class<?> modelInterface, String prefix, String name) {
            this.modelInterface = modelInterface;
            this.prefix = prefix;
            this.name = name;
        }

        /** @param symbols the C symbol of each entry point, in declaration order @return this */
        public ModelBuilder symbols(String... symbols) {
            this.symbols = List.of(symbols);
            return this;
        }

        /** @param runSymbol the tensor entry point's C symbol @return this */
        public ModelBuilder runSymbol(String runSymbol) {
            this.runSymbol = runSymbol;
            return this;
        }

        /** @param inputs the run function's inputs, in struct order @return this */
        public ModelBuilder inputs(TensorInfo... inputs) {
            this.inputs = List.of(inputs);
            return this;
        }

        /** @param outputs its outputs, in struct order @return this */
        public ModelBuilder outputs(TensorInfo... outputs) {
            this.outputs = List.of(outputs);
            return this;
        }

        /** @param workspacePools its workspace pools, in struct order @return this */
        public ModelBuilder workspacePools(TensorInfo... workspacePools) {
            this.workspacePools = List.of(workspacePools);
            return this;
        }

        /** @param devices its devices, in struct order @return this */
        public ModelBuilder devices(TensorInfo... devices) {
            this.devices = List.of(devices);
            return this;
        }

        /** @param workspaceSize the workspace size in bytes the interface declares @return this */
        public ModelBuilder workspaceSize(long workspaceSize) {
            this.workspaceSize = workspaceSize;
            return this;
        }

        /** @return this, declared reentrant */
        public ModelBuilder reentrant() {
            this.reentrant = true;
            return this;
        }

        /** @return the description */
        public ModelInfo build() {
            return PublicTypes.modelInfo(modelInterface, prefix, name, symbols, runSymbol,
                    workspaceSize, reentrant, inputs, outputs, workspacePools, devices);
        }
    }

    /** A tensor's description, a fact a step. */
    public static final class TensorBuilder {
        private final String name;
        private String member;
        private DType dtype;
        private List<Long> shape;
        private long bytes = -1;

        private TensorBuilder(String name) {
            this.name = name;
            this.member = name;
        }

        /** @param member the C struct member, TVM's sanitised name where it differs @return this */
        public TensorBuilder member(String member) {
            this.member = member;
            return this;
        }

        /** @param dtype the dtype @return this */
        public TensorBuilder dtype(DType dtype) {
            this.dtype = dtype;
            return this;
        }

        /** @param dimensions the dimensions @return this */
        public TensorBuilder shape(long... dimensions) {
            this.shape = Arrays.stream(dimensions).boxed().toList();
            return this;
        }

        /** @param bytes the size in bytes @return this */
        public TensorBuilder bytes(long bytes) {
            this.bytes = bytes;
            return this;
        }

        /** @return the description */
        public TensorInfo build() {
            return PublicTypes.tensorInfo(name, member, dtype, shape, bytes);
        }
    }
}

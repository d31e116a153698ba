package dev.tvmbind.runtime.internal;

import dev.tvmbind.DType;
import dev.tvmbind.TensorRole;
import dev.tvmbind.contract.EntryPointContract;
import dev.tvmbind.contract.ModelContract;
import dev.tvmbind.contract.TensorContract;
import dev.tvmbind.runtime.ModelInfo;
import dev.tvmbind.runtime.TensorInfo;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How generated code states its model's contract: one named fact a step, so that a reader of the
 * binding sees what each value is, ending in {@code build()}. The public {@link ModelInfo} and
 * {@link TensorInfo} are read-only views of the contract; this is their only maker.
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
     * An input known by name: its struct member is the name, nothing else is known.
     *
     * @param name the name as written in the annotation
     * @param parameter the Java parameter that passes it
     * @param type the parameter's type as messages write it, e.g. {@code byte[]}
     * @return the builder
     */
    public static TensorBuilder input(String name, String parameter, String type) {
        return new TensorBuilder(TensorRole.INPUT, name, parameter, type);
    }

    /** An output, as {@link #input}. */
    public static TensorBuilder output(String name, String parameter, String type) {
        return new TensorBuilder(TensorRole.OUTPUT, name, parameter, type);
    }

    /** A workspace pool, as {@link #input}. */
    public static TensorBuilder workspacePool(String name, String parameter, String type) {
        return new TensorBuilder(TensorRole.WORKSPACE_POOL, name, parameter, type);
    }

    /** A device, as {@link #input}. */
    public static TensorBuilder device(String name, String parameter, String type) {
        return new TensorBuilder(TensorRole.DEVICE, name, parameter, type);
    }

    /**
     * An entry point that is not TVM's run function.
     *
     * @param function its C function, the symbol's last part
     * @param signature the method as messages name it
     * @return it, for {@link ModelBuilder#entryPoints}
     */
    public static EntryPoint entryPoint(String function, String signature) {
        return new EntryPoint(new EntryPointContract(function, signature, false));
    }

    /** The tensor entry point, TVM's run function, as {@link #entryPoint}. */
    public static EntryPoint run(String function, String signature) {
        return new EntryPoint(new EntryPointContract(function, signature, true));
    }

    /** An entry point, as generated code states it. */
    public static final class EntryPoint {
        private final EntryPointContract contract;

        private EntryPoint(EntryPointContract contract) {
            this.contract = contract;
        }
    }

    /** A model's contract, a fact a step. */
    public static final class ModelBuilder {
        private final Class<?> modelInterface;
        private final String prefix;
        private final String name;
        private final List<EntryPointContract> entryPoints = new ArrayList<>();
        private List<TensorContract> tensors = List.of();
        private long workspaceSize;
        private boolean reentrant;
        private boolean checked;

        private ModelBuilder(Class<?> modelInterface, String prefix, String name) {
            this.modelInterface = modelInterface;
            this.prefix = prefix;
            this.name = name;
        }

        /**
         * @param entryPoints every entry point, in declaration order (one call: a chain of a
         *     thousand steps overflows javac's stack)
         * @return this
         */
        public ModelBuilder entryPoints(EntryPoint... entryPoints) {
            Arrays.stream(entryPoints).forEach(e -> this.entryPoints.add(e.contract));
            return this;
        }

        /**
         * @param tensors the run function's tensor parameters, in declaration order
         * @return this
         */
        public ModelBuilder tensors(TensorArgument... tensors) {
            this.tensors = Arrays.stream(tensors).map(t -> PublicTypes.contract(t.tensor()))
                    .toList();
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

        /** @return this, declared {@code checked = true} */
        public ModelBuilder checked() {
            this.checked = true;
            return this;
        }

        /** @return the model's description */
        public ModelInfo build() {
            return PublicTypes.modelInfo(modelInterface, new ModelContract(
                    modelInterface.getCanonicalName(), prefix, name, checked, workspaceSize,
                    reentrant, entryPoints, tensors));
        }
    }

    /** A tensor's contract, a fact a step. */
    public static final class TensorBuilder {
        private final TensorRole role;
        private final String name;
        private final String parameter;
        private final String type;
        private String member;
        private DType dtype;
        private List<Long> shape = List.of();
        private long bytes;

        private TensorBuilder(TensorRole role, String name, String parameter, String type) {
            this.role = role;
            this.name = name;
            this.parameter = parameter;
            this.type = type;
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

        /** @return the tensor's description */
        public TensorInfo build() {
            return PublicTypes.tensorInfo(new TensorContract(role, name, member, parameter, type,
                    Optional.ofNullable(dtype), bytes, shape));
        }
    }
}

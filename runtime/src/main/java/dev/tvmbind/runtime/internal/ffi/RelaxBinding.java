package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.contract.FfiFunctionContract;
import dev.tvmbind.contract.FfiType;
import dev.tvmbind.contract.RelaxLibraryCheck;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.internal.NativeAccess;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import dev.tvmbind.runtime.relax.RelaxModule;
import dev.tvmbind.runtime.relax.RelaxOptions;
import java.lang.invoke.MethodHandles;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;

/**
 * What the binding of a {@code @TvmRelax} interface calls: its library loaded in TVM's VM, checked
 * at load against the functions the binding states, each call's declared tensors checked before
 * it and its result on return. Used by generated code; applications have no need of it.
 */
public final class RelaxBinding {
    /** The tuple results a method may declare: made once, compared at each call. */
    private static final FfiType ANY_LIST = FfiType.listOf(FfiType.Plain.ANY);
    private static final FfiType TENSOR_LIST = FfiType.listOf(FfiType.Plain.TENSOR);

    private final RelaxModule module;
    private final List<FfiFunctionContract> functions;
    /** Each function's declared tensors, or null where it declares none. */
    private final FfiTensorCheck[] checks;
    /** Each function's declared parameters, by position: found once, not at each call. */
    private final int[][] declaredAt;

    private RelaxBinding(RelaxModule module, List<FfiFunctionContract> functions) {
        this.module = module;
        this.functions = functions;
        this.checks = functions.stream().map(f -> f.shaped() ? FfiTensorCheck.of(f) : null)
                .toArray(FfiTensorCheck[]::new);
        this.declaredAt = functions.stream().map(f -> IntStream.range(0, f.parameters().size())
                .filter(i -> f.parameters().get(i).shape().isPresent()).toArray())
                .toArray(int[][]::new);
    }

    /**
     * Loads the library and checks it: every function exists, with the method's arity and
     * parameter names (Java's {@code inputIds} agrees with Relax's {@code input_ids}), and the
     * declared tensors agree with the library's annotations of them ({@link RelaxLibraryCheck}).
     *
     * @param binding the generated binding's own {@code MethodHandles.lookup()}
     * @param functions what the binding states, in its methods' order
     * @param library the {@code .so} {@code export_library} wrote
     * @param options device, allocator and VMs
     * @return the loaded binding
     * @throws dev.tvmbind.runtime.WrongModelError listing every difference and the functions the
     *     library has
     */
    public static RelaxBinding load(MethodHandles.Lookup binding,
            List<FfiFunctionContract> functions, Path library, RelaxOptions options) {
        NativeAccess.requireCaller(binding, "load the Relax library " + library);
        RelaxModule module = RelaxModule.load(library, options);
        try {
            check(module, functions, library);
        } catch (RuntimeException | Error e) {
            module.close();
            throw e;
        }
        return new RelaxBinding(module, functions);
    }

    private static void check(RelaxModule module, List<FfiFunctionContract> functions,
            Path library) {
        List<RelaxLibraryCheck.Difference> differences = RelaxLibraryCheck.differences(functions,
                RelaxFactsReader.read(module, functions.stream().map(FfiFunctionContract::name)
                        .toList()));
        if (!differences.isEmpty()) {
            throw PublicTypes.wrongModel(library.toAbsolutePath() + " is not the library the"
                    + " interface describes: " + String.join("; ", differences.stream()
                            .map(RelaxLibraryCheck.Difference::text).toList())
                    + ". Its functions: " + module.functions().map(k -> k.isEmpty() ? "none"
                            : k.entrySet().stream().map(e -> e.getKey() + " (" + e.getValue()
                                    + ")").toList().toString()).orElse("unknown (TVM's"
                                    + " executable text was not as tvmbind reads it)"));
        }
    }

    /**
     * Calls function {@code index} of the binding's list.
     *
     * @param index the function, as the binding states them
     * @param arguments its arguments, in order
     * @return its result, as the method declares it
     */
    public Object call(int index, Object... arguments) {
        FfiFunctionContract function = functions.get(index);
        for (int i = 0; i < arguments.length; i++) {
            if (arguments[i] == null) {
                throw new NullPointerException("parameter " + function.parameters().get(i)
                        .name() + " of " + function.javaName());
            }
        }
        FfiTensorCheck check = checks[index];
        int[] at = declaredAt[index];
        if (check != null) {
            // Up to three declared tensors without an array, as an @TvmFfi binding checks them.
            switch (at.length) {
                case 0 -> { }
                case 1 -> check.parameters((Tensor) arguments[at[0]]);
                case 2 -> check.parameters((Tensor) arguments[at[0]], (Tensor) arguments[at[1]]);
                case 3 -> check.parameters((Tensor) arguments[at[0]], (Tensor) arguments[at[1]],
                        (Tensor) arguments[at[2]]);
                default -> check.parameters(declared(at, arguments));
            }
        }
        return typed(function, module.call(function.name(), arguments), check, at, arguments);
    }

    /** The tensors the function declares, in order. */
    private static Tensor[] declared(int[] at, Object[] arguments) {
        Tensor[] tensors = new Tensor[at.length];
        for (int i = 0; i < at.length; i++) {
            tensors[i] = (Tensor) arguments[at[i]];
        }
        return tensors;
    }

    /** The result as the method declares it; what does not fit is released and refused. */
    private static Object typed(FfiFunctionContract function, Object result,
            FfiTensorCheck check, int[] at, Object[] arguments) {
        FfiType type = function.result();
        boolean fits = type == FfiType.Plain.ANY
                || type == FfiType.Plain.TENSOR && result instanceof Tensor
                || type.equals(ANY_LIST) && result instanceof List<?>
                || type.equals(TENSOR_LIST) && result instanceof List<?> l
                        && l.stream().allMatch(Tensor.class::isInstance);
        if (!fits) {
            close(result);
            throw PublicTypes.tvmFfiException(function.name(), "TypeError", function.method()
                    + " returns " + type.javaName() + ", but the Relax function returned "
                    + describe(result), "");
        }
        if (check != null && function.resultShape().isPresent()) {
            Tensor tensor = (Tensor) result;
            return switch (at.length) {
                case 0 -> check.result(tensor);
                case 1 -> check.result(tensor, (Tensor) arguments[at[0]]);
                case 2 -> check.result(tensor, (Tensor) arguments[at[0]],
                        (Tensor) arguments[at[1]]);
                default -> check.result(tensor, declared(at, arguments));
            };
        }
        return result;
    }

    private static String describe(Object result) {
        return result == null ? "None" : result instanceof List<?> l ? "a tuple of " + l.size()
                + " (" + String.join(", ", l.stream().map(RelaxBinding::describe).toList()) + ")"
                : result instanceof Tensor t ? "a tensor " + t : result.getClass().getSimpleName();
    }

    /** Closes every tensor in a result refused. */
    private static void close(Object result) {
        if (result instanceof Tensor tensor) {
            tensor.close();
        } else if (result instanceof List<?> list) {
            list.forEach(RelaxBinding::close);
        }
    }

    /**
     * A tuple a record is filled from: a list of {@code size} values.
     *
     * @param value what the function (or the enclosing tuple) returned
     * @param size the record's components
     * @param method the method, for the error
     * @return the list
     * @throws dev.tvmbind.runtime.ffi.TvmFfiException ({@code TypeError}) for another value, its
     *     tensors released
     */
    public static List<?> tupleOf(Object value, int size, String method) {
        if (value instanceof List<?> list && list.size() == size) {
            return list;
        }
        throw refused(value, method, "a tuple of " + size);
    }

    /** A component that must be a tensor; as {@link #tupleOf}. */
    public static Tensor tensorOf(Object value, String method) {
        if (value instanceof Tensor tensor) {
            return tensor;
        }
        throw refused(value, method, "a tensor");
    }

    /** A component that must be a tuple of tensors; as {@link #tupleOf}. */
    @SuppressWarnings("unchecked")
    public static List<Tensor> tensorsOf(Object value, String method) {
        if (value instanceof List<?> list && list.stream().allMatch(Tensor.class::isInstance)) {
            return (List<Tensor>) list;
        }
        throw refused(value, method, "a tuple of tensors");
    }

    private static RuntimeException refused(Object value, String method, String expected) {
        close(value);
        return PublicTypes.tvmFfiException(method, "TypeError", method + "'s record expects "
                + expected + " where the Relax function returned " + describe(value), "");
    }

    /** Releases the VMs and the library, once the calls running returned. */
    public void close() {
        module.close();
    }

    @Override
    public String toString() {
        return module.toString();
    }
}

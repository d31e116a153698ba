package dev.tvmbind;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an interface whose abstract methods are functions a library exports through TVM's FFI
 * (apache/tvm-ffi's stable C ABI, what current TVM and the kernel libraries around it ship): each
 * method is the symbol {@code __tvm_ffi_<name>} that {@code TVM_FFI_DLL_EXPORT_TYPED_FUNC(name, f)}
 * exports, {@code name} being {@link EntryPoint#value()} or the method's name in lower snake case.
 *
 * <pre>{@code
 * @TvmFfi
 * public interface Kernels {
 *     long add(long a, long b);                         // __tvm_ffi_add
 *     @EntryPoint("AddOne") long addOne(long x);        // __tvm_ffi_AddOne
 * }
 * }</pre>
 *
 * <p>The processor generates {@code KernelsBinding}, whose {@code load(Path)} and
 * {@code load(SymbolLookup)} resolve every symbol at once. Types: {@code long int short byte}
 * (tvm-ffi's {@code int}), {@code double float} ({@code float}), {@code boolean}, {@code String},
 * {@code MemorySegment} (an opaque pointer), {@code dev.tvmbind.runtime.ffi.Tensor} (a
 * {@code TensorView} parameter, or with {@link Owned} a {@code tvm::ffi::Tensor} one; as a result
 * an {@code ffi.Tensor} Java then owns) and {@code void}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface TvmFfi {
    /**
     * Marks a {@code Tensor} parameter whose C++ type is {@code tvm::ffi::Tensor}, which takes
     * an {@code ffi.Tensor} object (a reference the function may keep) and refuses the
     * {@code DLTensor*} a {@code TensorView} parameter takes.
     */
    @Documented
    @Retention(RetentionPolicy.CLASS)
    @Target(ElementType.PARAMETER)
    @interface Owned {}

    /**
     * Marks a functional interface that a {@code @TvmFfi} method takes as an {@code ffi.Function}
     * (C++ {@code tvm::ffi::TypedFunction<R(A...)>}): a lambda passed for it is called by the
     * library, on any thread, during the call or later while the library keeps it; an exception it
     * throws becomes the caller's error ({@code JavaError}), with the exception as the cause of
     * the {@code TvmFfiException} Java then sees. Its method takes and returns the types a
     * {@code @TvmFfi} method does, callbacks aside.
     *
     * <p>A {@code @TvmFfi} method may also return one, or {@code Optional} of one (a function
     * that may be absent): Java gets the interface implemented over the {@code ffi.Function} the
     * library returned, callable from any thread; its reference is released once Java drops it.
     */
    @Documented
    @Retention(RetentionPolicy.CLASS)
    @Target(ElementType.TYPE)
    @interface Callback {}
}

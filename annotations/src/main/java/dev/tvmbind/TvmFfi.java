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
}

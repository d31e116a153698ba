package dev.tvmbind.runtime.ffi;

/**
 * An {@code ffi.Module} of tvm-ffi: a loaded library ({@code ffi.ModuleLoadFromFile}), a Relax
 * VM, the modules a library imports. An {@link FfiObject} whose type a {@code @TvmFfi} method can
 * state, so that tvm-ffi's schema ({@code ffi.Module}) is compared at load and a result of
 * another type is refused; its functions are found by name through the global
 * {@code ffi.ModuleGetFunction(module, name, query_imports)}, typed as a
 * {@code @TvmFfi.Callback} interface:
 *
 * <pre>{@code
 * @TvmFfi
 * interface Modules {
 *     @Global("ffi.ModuleLoadFromFile") FfiModule load(String path);
 *     @Global("ffi.ModuleGetFunction") Optional<Loader> loader(FfiModule module, String name,
 *             boolean queryImports);
 * }
 * }</pre>
 */
public final class FfiModule extends FfiObject {
    FfiModule(long handle, int typeIndex, String typeKey, Runnable release) {
        super(handle, typeIndex, typeKey, release);
    }
}

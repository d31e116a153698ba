package dev.tvmbind.it;

import dev.tvmbind.Global;
import dev.tvmbind.TvmFfi;
import dev.tvmbind.runtime.ffi.FfiModule;
import dev.tvmbind.runtime.ffi.Tensor;
import java.util.Optional;

/**
 * TVM's Relax VM driven by hand through {@code @TvmFfi} interfaces alone, as
 * {@code python/tvm/runtime/vm.py} drives it: the library as a module, its
 * {@code vm_load_executable}, {@code vm_initialization}, then a Relax function. Each kind of
 * function a module hands out is one callback type, and one method per symbol, so each lookup has
 * an interface of its own: what issue #51's typed front door will say in one declaration.
 */
public final class RelaxByHand {
    private RelaxByHand() {}

    /** tvm-ffi's module globals. */
    @TvmFfi
    public interface Modules {
        @Global("ffi.ModuleLoadFromFile")
        FfiModule load(String path);

        @Global("ffi.ModuleGetFunction")
        Optional<Loader> loader(FfiModule module, String name, boolean queryImports);
    }

    /** {@code vm_load_executable}: the VM module. */
    @TvmFfi.Callback
    public interface Loader {
        FfiModule load();
    }

    /** The VM's functions: {@code vm_initialization}. */
    @TvmFfi
    public interface Vm {
        @Global("ffi.ModuleGetFunction")
        Optional<Initialization> initialization(FfiModule vm, String name, boolean queryImports);
    }

    /** {@code vm_initialization(device_type, device_id, allocator)}: 2 is TVM's pooled one. */
    @TvmFfi.Callback
    public interface Initialization {
        void initialize(long deviceType, long deviceId, long allocator);
    }

    /** A Relax function of one tensor. */
    @TvmFfi
    public interface Functions {
        @Global("ffi.ModuleGetFunction")
        Optional<UnaryFunction> function(FfiModule vm, String name, boolean queryImports);
    }

    /** {@code main(x)}. */
    @TvmFfi.Callback
    public interface UnaryFunction {
        Tensor apply(Tensor x);
    }

    /** A Relax function of one tensor, its result whatever it is: a tensor or a tuple (a List). */
    @TvmFfi.Callback
    public interface Unary {
        Object apply(Tensor x);
    }

    /** A Relax function of two tensors, its result whatever it is. */
    @TvmFfi.Callback
    public interface Binary {
        Object apply(Tensor x, Tensor y);
    }

    /** The VM's functions of one tensor. */
    @TvmFfi
    public interface UnaryFunctions {
        @Global("ffi.ModuleGetFunction")
        Optional<Unary> function(FfiModule vm, String name, boolean queryImports);
    }

    /** The VM's functions of two tensors. */
    @TvmFfi
    public interface BinaryFunctions {
        @Global("ffi.ModuleGetFunction")
        Optional<Binary> function(FfiModule vm, String name, boolean queryImports);
    }

    /** Nothing to call: loading it registers libtvm_runtime's loaders and the VM. */
    @TvmFfi
    public interface Runtime {}
}

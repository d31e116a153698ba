package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.ValueLayout;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One of TVM's VMs over a Relax library's executable, and the functions it handed out. A VM is
 * not reentrant (two threads in one crash the process, measured): a second thread entering while
 * one is inside is refused with {@code IllegalStateException}, before any native call.
 */
public final class RelaxMachine {
    private final RelaxLibrary library;
    private final FfiLibrary ffi;
    private final long vm;
    /** Functions by name, one reference each, found on first use. */
    private final Map<String, Long> functions = new HashMap<>();
    private final AtomicBoolean inside = new AtomicBoolean();
    /**
     * The test hook of {@code RelaxThreadsTest}'s control: {@code -Dtvmbind.test.unguardedVm=true}
     * lets threads into one VM at once, to show what the guard prevents (a crash or wrong results).
     * Never set it otherwise.
     */
    private static final boolean UNGUARDED = Boolean.getBoolean("tvmbind.test.unguardedVm");
    /** The arguments and result of a call, this VM's own: calls of up to 63 arguments use it. */
    private static final int FRAME_VALUES = 64;
    private final MemorySegment frame = Arena.ofAuto().allocate(16L * FRAME_VALUES, 16);
    /** What a call's arguments need beyond the frame (strings, lists), also this VM's own. */
    private final MoreMemory more = new MoreMemory();
    /** Set once, with {@link #inside} kept: nothing enters a closed VM. */
    private volatile boolean closed;

    RelaxMachine(RelaxLibrary library, int deviceType, int deviceId, int allocator) {
        this.library = library;
        this.ffi = library.ffi();
        long loader = library.function(library.module(), "vm_load_executable");
        try (Arena arena = Arena.ofConfined()) {
            this.vm = RelaxCalls.object(RelaxCalls.call(ffi, loader, "vm_load_executable",
                    arena), ffi, "vm_load_executable", "a VM module");
        } finally {
            ffi.release(loader);
        }
        enter();
        try {
            call(own("vm_initialization"), "vm_initialization", (long) deviceType,
                    (long) deviceId, (long) allocator);
        } catch (RuntimeException | Error e) {
            inside.set(false);
            close();
            throw e;
        }
        inside.set(false);
    }

    /**
     * Calls a Relax function.
     *
     * @param function its name
     * @param arguments tensors, shapes ({@code long[]}), numbers
     * @return a {@link Tensor}, a {@code List} for a tuple (nested for nested tuples), or another
     *     value as {@code Object} results have it
     * @throws IllegalArgumentException for a function the library lacks, naming those it has
     */
    public Object call(String function, Object... arguments) {
        enter();
        try {
            return RelaxResults.settle(call(relax(function), function, arguments), arguments,
                    ffi, function);
        } finally {
            inside.setRelease(false); // the next entry's CAS orders after it: no fence needed
        }
    }

    /**
     * The VM's own functions: {@code set_input}, {@code invoke_stateful}, {@code get_output},
     * {@code get_function_arity}, … called with {@code arguments}. Tensors among them are copied
     * into memory the VM owns (it keeps what {@code set_input} gets past the call).
     */
    public Object vmCall(String vmFunction, Object... arguments) {
        enter();
        Object[] passed = arguments.clone();
        long[] copies = new long[passed.length];
        try {
            for (int i = 0; i < passed.length; i++) {
                if (passed[i] instanceof Tensor tensor) {
                    copies[i] = copy(tensor, vmFunction + " argument " + i);
                    passed[i] = new RelaxCalls.Handle(copies[i]);
                }
            }
            return RelaxResults.settle(call(own(vmFunction), vmFunction, passed), arguments, ffi,
                    vmFunction);
        } finally {
            for (long copy : copies) {
                FfiValues.releaseMade(ffi, copy);
            }
            inside.set(false);
        }
    }

    private long copy(Tensor tensor, String what) {
        long own = PublicTypes.tensorObject(tensor);
        long dlTensor = PublicTypes.dlTensorAddress(tensor, what);
        if (own != 0) {
            return ffi.objects().incRef(own);
        }
        return FfiTensors.copyObject(dlTensor, RelaxResults.bytes(tensor), ffi, what);
    }

    /** An arena made only when a call's arguments need one, closed when the call ends. */
    private static final class MoreMemory implements SegmentAllocator {
        private Arena arena;

        @Override
        public MemorySegment allocate(long size, long alignment) {
            if (arena == null) {
                arena = Arena.ofConfined();
            }
            return arena.allocate(size, alignment);
        }

        void end() {
            if (arena != null) {
                arena.close();
                arena = null;
            }
        }
    }

    /**
     * Calls on this VM's frame (one call at a time: {@link #enter}), what else the arguments need
     * from an arena made only if they need it (strings, lists).
     */
    private Object call(long function, String what, Object... arguments) {
        if (arguments.length >= FRAME_VALUES || UNGUARDED) {
            try (Arena arena = Arena.ofConfined()) {
                return value(RelaxCalls.call(ffi, function, what, arena, arguments), what);
            }
        }
        try {
            return value(RelaxCalls.call(ffi, function, what, frame, more, arguments), what);
        } finally {
            more.end();
        }
    }

    /**
     * The result as Java holds it. The VM hands back an argument it was given as a
     * {@code DLTensor*} as that pointer (a function returning its input): that memory is the
     * caller's, so the result is a copy.
     */
    private Object value(MemorySegment result, String what) {
        int type = result.get(ValueLayout.JAVA_INT, 0);
        if (type == FfiTypeIndex.DL_TENSOR_PTR) {
            return FfiTensors.copyOfView(result.get(ValueLayout.JAVA_LONG, 8), ffi, what);
        }
        if (type == FfiTypeIndex.TENSOR) {
            // The result's reference passes to the tensor (the generic read takes one of its own
            // and drops the result's: two calls into C more).
            return FfiReturnedTensors.fromObject(result.get(ValueLayout.JAVA_LONG, 8), ffi, what);
        }
        return RelaxCalls.value(result, ffi, what);
    }

    /** A Relax function of the executable. */
    private long relax(String name) {
        Long found = functions.get(name);
        if (found != null) {
            return found;
        }
        boolean known = library.functions().map(f -> f.containsKey(name)).orElse(true);
        long function = known ? library.function(vm, name) : 0;
        if (function == 0) {
            throw new IllegalArgumentException(library.path().getFileName() + " has no Relax"
                    + " function '" + name + "'; its functions: " + library.describeFunctions());
        }
        functions.put(name, function);
        return function;
    }

    /** One of the VM module's own functions. */
    private long own(String name) {
        Long found = functions.get("\0" + name);
        if (found != null) {
            return found;
        }
        long function = library.function(vm, name);
        if (function == 0) {
            throw new IllegalArgumentException("this VM has no function " + name);
        }
        functions.put("\0" + name, function);
        return function;
    }

    private void enter() {
        if (UNGUARDED) {
            return;
        }
        if (closed) {
            throw new IllegalStateException("this VM of " + library.path().getFileName()
                    + " is closed");
        }
        if (!inside.compareAndSet(false, true)) {
            throw new IllegalStateException("another thread is inside this VM of "
                    + library.path().getFileName() + ": a VM runs one call at a time");
        }
    }

    /**
     * Releases the VM and its functions.
     *
     * @throws IllegalStateException while another thread is inside (a pool closes idle VMs)
     */
    public void close() {
        if (closed) {
            return;
        }
        if (!inside.compareAndSet(false, true)) {
            throw new IllegalStateException("another thread is inside this VM of "
                    + library.path().getFileName() + ": it closes once the call returned");
        }
        closed = true; // and inside stays set
        functions.values().forEach(ffi::release);
        functions.clear();
        ffi.release(vm);
    }
}

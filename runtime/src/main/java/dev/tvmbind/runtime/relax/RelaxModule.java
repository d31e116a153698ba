package dev.tvmbind.runtime.relax;

import dev.tvmbind.runtime.internal.ffi.RelaxLibrary;
import dev.tvmbind.runtime.internal.ffi.RelaxMachine;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Relax library loaded in TVM's VM, its functions called by name: the untyped door, as TVM's
 * Python {@code relax.VirtualMachine} offers it.
 *
 * <pre>{@code
 * try (RelaxModule mlp = RelaxModule.load(Path.of("mlp.so"));
 *         Tensor logits = (Tensor) mlp.call("forward", x)) {
 *     float first = logits.data().getAtIndex(ValueLayout.JAVA_FLOAT, 0);
 * }
 * }</pre>
 *
 * <p>{@link #load} loads TVM's runtime first, once per process: {@code libtvm_runtime.so} from
 * {@code -Dtvmbind.tvmRuntime} (or {@code TVMBIND_TVM_RUNTIME}: the file, its folder, or
 * apache-tvm's {@code site-packages}), with {@code libtvm_runtime_extra.so} beside it and the
 * process's {@code libtvm_ffi} (apache-tvm-ffi's, found beside it in the wheels' layout).
 *
 * <p>Threads: safe from any number. A VM runs one call at a time, so calls take turns over the
 * {@link RelaxOptions#vms} VMs, a call waiting for a free one; with N VMs, N calls run at once.
 * {@link #close()} refuses later calls, releases the idle VMs at once and each busy one when its
 * call or lease ends, then the library.
 */
public final class RelaxModule implements AutoCloseable {
    private final RelaxLibrary library;
    private final int vms;
    private final VmPool pool;
    private volatile boolean closed;
    /** VMs not yet released: the library goes with the last. */
    private final AtomicInteger open;

    private RelaxModule(RelaxLibrary library, List<RelaxMachine> machines) {
        this.library = library;
        this.vms = machines.size();
        this.pool = new VmPool(machines, this);
        this.open = new AtomicInteger(machines.size());
    }

    /**
     * Loads a Relax library on the CPU, one VM, TVM's pooled allocator.
     *
     * @param library the {@code .so} {@code export_library} wrote
     * @return the module
     * @throws IllegalCallerException when the caller's module has no native access
     * @throws dev.tvmbind.runtime.UnreadableLibraryError when it or TVM's runtime cannot be
     *     loaded, naming every place the runtime was looked for
     * @throws IllegalArgumentException when the library holds no Relax executable
     * @throws dev.tvmbind.runtime.ffi.TvmFfiException with TVM's own message, for a library TVM's
     *     runtime refuses (compiled by another TVM)
     */
    public static RelaxModule load(Path library) {
        return load(library, RelaxOptions.DEFAULT);
    }

    /**
     * Loads a Relax library as {@code options} say.
     *
     * @param library the {@code .so} {@code export_library} wrote
     * @param options device, allocator and how many VMs
     * @return the module
     */
    public static RelaxModule load(Path library, RelaxOptions options) {
        Objects.requireNonNull(library, "library");
        Objects.requireNonNull(options, "options");
        RelaxLibrary loaded = RelaxLibrary.load(library);
        List<RelaxMachine> machines = new ArrayList<>();
        try {
            for (int i = 0; i < options.vms(); i++) {
                machines.add(loaded.newMachine(options.deviceType(), options.deviceId(),
                        options.allocator().code()));
            }
        } catch (RuntimeException | Error e) {
            machines.forEach(RelaxMachine::close);
            loaded.close();
            throw e;
        }
        return new RelaxModule(loaded, List.copyOf(machines));
    }

    /**
     * The executable's Relax functions and how many parameters each takes, in its order.
     *
     * @return them, or empty when TVM's executable text is not as this version of tvmbind reads
     */
    public Optional<Map<String, Integer>> functions() {
        return library.functions();
    }

    /**
     * The executable's statistics, as TVM's Python {@code Executable.stats()} prints them: its
     * constant pool (with the annotations the VM's checks name) and its globals.
     *
     * @return the text, or empty when the executable has none
     */
    public Optional<String> stats() {
        checkOpen();
        return library.stats();
    }

    /**
     * Calls a Relax function in a free VM, waiting for one if all are busy.
     *
     * @param function its name
     * @param arguments tensors, shapes as {@code long[]}, numbers: as Relax declares them
     * @return a {@code Tensor}, a {@code List} for a tuple (nested tuples nest), or the value the
     *     function returns; tensors are the caller's to close
     * @throws IllegalArgumentException for a function the library lacks, naming those it has
     * @throws dev.tvmbind.runtime.ffi.TvmFfiException for the VM's errors: a wrong shape or dtype
     *     names the function, the parameter and its annotation
     * @throws IllegalStateException when the module is closed
     */
    public Object call(String function, Object... arguments) {
        Objects.requireNonNull(function, "function");
        RelaxMachine machine = pool.lend(); // no lease object: nobody else sees this VM
        try {
            return machine.call(function, arguments);
        } finally {
            pool.giveBack(machine);
        }
    }

    /**
     * Leases a VM for this thread until {@link RelaxVm#close()}: for the stateful calls, which
     * must meet the same VM. Waits while every VM is leased or calling.
     *
     * @return the VM
     * @throws IllegalStateException when the module is closed
     */
    public RelaxVm vm() {
        return new RelaxVm(pool.lend(), this);
    }

    /** Takes a VM back from its lease; after {@link #close()}, releases it. */
    void giveBack(RelaxMachine machine) {
        pool.giveBack(machine);
    }

    boolean closed() {
        return closed;
    }

    /** Releases a VM, and the library with the last one. */
    void retire(RelaxMachine machine) {
        machine.close();
        if (open.decrementAndGet() == 0) {
            library.close();
        }
    }

    void checkOpen() {
        if (closed) {
            throw new IllegalStateException(library.path().getFileName() + " is closed");
        }
    }

    /**
     * Ends the module: later calls and leases are refused; the VMs not in use are released at
     * once, a VM leased or calling when its lease ends, and the library with the last VM. It never
     * waits, so a lease nobody closes keeps only its own VM and the library. Tensors the functions
     * returned stay valid: each holds TVM's memory until closed.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        pool.retireFree();
    }

    @Override
    public String toString() {
        return "RelaxModule[" + library.path() + ", " + vms + " VMs]";
    }
}

package dev.tvmbind.runtime.internal;

import dev.tvmbind.runtime.TvmException;
import dev.tvmbind.runtime.internal.ffi.FfiLibrary;
import java.lang.constant.ConstantDescs;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The library that a binding's linked class is linked to: the symbols {@code load} resolved, what
 * the library offers after a failed run, and the arena of a library the binding opened itself,
 * which stays open while the class is reachable. The linked class holds its linkage in a
 * {@code static final} field and links its method handles from its addresses in its static
 * initializer, itself: the downcalls are the application's, made with its module's native access.
 */
public final class Linkage {
    /** The linkage of a linked class initialised by anything but {@code load}: never instantiated. */
    static final Linkage NONE = new Linkage(Map.of(), FailedRun.NONE, null, Owner.NONE, null,
            Map.of());

    private final Map<String, MemorySegment> symbols;
    /** What the library offers after a failed run. */
    private final FailedRun failedRun;
    /** Held, never read: the library is unloaded once no linked class refers to its arena. */
    @SuppressWarnings("unused")
    private final Arena library;
    private final Owner owner;
    /** tvm-ffi's runtime, for a binding of TVM's FFI; null for one of TVM's C interface. */
    private final FfiLibrary ffi;
    /** The function object of each global function of TVM's FFI: its {@code self}. */
    private final Map<String, Long> selves;

    Linkage(Map<String, MemorySegment> symbols, FailedRun failedRun, Arena library, Owner owner,
            FfiLibrary ffi, Map<String, Long> selves) {
        this.symbols = Map.copyOf(symbols);
        this.failedRun = failedRun;
        this.library = library;
        this.owner = owner;
        this.ffi = ffi;
        this.selves = Map.copyOf(selves);
    }

    /**
     * The {@code self} a global function of TVM's FFI is called with: its function object.
     *
     * @param key the binding's key of the function, {@code global:<name>}
     * @return its address, or 0 in a class linked to no library
     */
    public long self(String key) {
        return selves.getOrDefault(key, 0L);
    }

    /**
     * tvm-ffi's runtime as the library links it: what a binding of TVM's FFI reads errors and
     * releases objects with.
     *
     * @return it, for a {@code static final} field of the linked class; null in a class linked to
     *     no library
     */
    public FfiLibrary ffi() {
        return ffi;
    }

    /**
     * What a binding of a {@code TvmLibrary} follows: the library's scope. A record, held by the
     * linked class in a {@code static final} field, so that the JIT folds its fields: for a
     * binding of its own (no scope) the check costs nothing.
     *
     * @param scope the library's scope, or null for a binding of its own
     * @param model how the message names the binding
     */
    public record Owner(MemorySegment.Scope scope, String model) {
        /** A binding of its own: {@code load(Path)}, {@code load(SymbolLookup)}. */
        static final Owner NONE = new Owner(null, "");

        /**
         * Refuses a call through a binding of a {@code TvmLibrary} that is closed. The binding
         * keeps the code mapped while it is reachable, so a call racing the close runs on loaded
         * code, never on freed memory.
         *
         * @throws IllegalStateException when the library is closed
         */
        public void check() {
            if (scope != null && !scope.isAlive()) {
                throw new IllegalStateException("the binding of " + model + " came from a"
                        + " TvmLibrary that is closed; get the binding again from an open library,"
                        + " or load it with load(Path) to keep it as long as it is reachable");
            }
        }
    }

    /**
     * What the binding follows.
     *
     * @return its owner, for a {@code static final} field of the linked class
     */
    public Owner owner() {
        return owner;
    }

    /**
     * The linkage of the class of {@code lookup}, which {@code load} hands over: the class data
     * of a hidden copy, or what {@code load} had pending when the named class was initialised.
     *
     * @param lookup {@code MethodHandles.lookup()} in the linked class
     * @return the linkage; one without symbols when the class was initialised otherwise
     */
    public static Linkage of(MethodHandles.Lookup lookup) {
        if (!lookup.hasFullPrivilegeAccess()) {
            throw new IllegalArgumentException("a linkage is handed to its own class only");
        }
        if (!lookup.lookupClass().isHidden()) {
            return Linking.handOver(lookup.lookupClass());
        }
        try {
            return MethodHandles.classData(lookup, ConstantDescs.DEFAULT_NAME, Linkage.class);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The address of {@code symbol}, to link a downcall to.
     *
     * @param symbol the C symbol, resolved by {@code load}
     * @return its address, or null in a class that is linked to no library
     */
    public MemorySegment address(String symbol) {
        return symbols.get(symbol);
    }

    /** Whether this linkage and {@code other} resolved every symbol to the same address, for one owner. */
    boolean sameAddresses(Linkage other) {
        return symbols.equals(other.symbols) && owner.scope() == other.owner.scope();
    }

    /**
     * After a run returned non-zero, still holding the run lock: what the library's
     * {@code TVMGetLastError()} says, then its platform arena reset ({@link FailedRun#exception}).
     *
     * @param symbol the run function
     * @param status what it returned
     * @return the exception to throw
     */
    public TvmException failedRun(String symbol, int status) {
        return failedRun.exception(symbol, status);
    }

    /**
     * After a run returned non-zero to a caller that takes the status, still holding the run
     * lock: frees what the failed run left in tvmbind's platform arena of this thread, when the
     * library is built with it.
     */
    public void afterFailedRun() {
        failedRun.resetPlatform();
    }

    /**
     * The lock that serializes the runs of the model whose run function is {@code symbol} in this
     * library: TVM's generated code is not reentrant (its workspace is static memory), so two
     * calls of one model in one loaded library must not overlap. Every binding and executor of the
     * same library gets the same lock.
     *
     * @param symbol the run function's C symbol, resolved by {@code load}
     * @return the lock, or null in a class that is linked to no library
     */
    public ReentrantLock runLock(String symbol) {
        MemorySegment address = symbols.get(symbol);
        return address == null ? null : RunLocks.of(address);
    }
}

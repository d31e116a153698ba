package dev.tvmbind;

import java.lang.constant.ConstantDescs;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The library that one hidden copy of a generated binding class is linked to: the symbols
 * {@code load} resolved, and the arena of a library the binding opened itself, which stays open
 * while the copy is reachable. Each copy holds its linkage in a {@code static final} field and
 * links its method handles from it in its static initializer. Used by generated code;
 * applications have no need of it.
 */
public final class Linkage {
    /** The linkage of a binding class as loaded from its file, which is never instantiated. */
    private static final Linkage NONE = new Linkage(Map.of(), FailedRun.NONE, null);

    private final Map<String, MemorySegment> symbols;
    /** What the library offers after a failed run. */
    private final FailedRun failedRun;
    /** Held, never read: the library is unloaded once no copy refers to its arena. */
    @SuppressWarnings("unused")
    private final Arena library;

    Linkage(Map<String, MemorySegment> symbols, FailedRun failedRun, Arena library) {
        this.symbols = Map.copyOf(symbols);
        this.failedRun = failedRun;
        this.library = library;
    }

    /**
     * What the library's {@code TVMGetLastError()} says now: call it while still holding the run
     * lock after a failed run.
     *
     * @return its text, or null when the library exports none
     */
    public String lastError() {
        return failedRun.lastError();
    }

    /**
     * After a run returned non-zero, still holding the run lock: frees what the failed run left
     * in tvmbind's platform arena of this thread, when the library is built with it.
     */
    public void afterFailedRun() {
        failedRun.resetPlatform();
    }

    /**
     * The linkage of the class of {@code lookup}: its class data in a hidden copy that
     * {@code load} defined, none in the class as loaded from its file.
     *
     * @param lookup {@code MethodHandles.lookup()} in the binding class
     * @return the linkage
     */
    public static Linkage of(MethodHandles.Lookup lookup) {
        try {
            Linkage linkage = MethodHandles.classData(lookup, ConstantDescs.DEFAULT_NAME,
                    Linkage.class);
            return linkage == null ? NONE : linkage;
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The downcall of {@code symbol}.
     *
     * @param symbol the C symbol, resolved by {@code load}
     * @param descriptor its function descriptor
     * @return the handle, or null in the class loaded from its file
     */
    public MethodHandle downcall(String symbol, FunctionDescriptor descriptor) {
        return link(symbol, descriptor);
    }

    /**
     * The downcall of {@code symbol} with {@code Linker.Option.critical}: for short functions
     * that never call back into Java.
     *
     * @param symbol the C symbol, resolved by {@code load}
     * @param descriptor its function descriptor
     * @param allowHeapAccess whether arrays are passed as heap segments, without copying
     * @return the handle, or null in the class loaded from its file
     */
    public MethodHandle criticalDowncall(String symbol, FunctionDescriptor descriptor,
            boolean allowHeapAccess) {
        return link(symbol, descriptor, Linker.Option.critical(allowHeapAccess));
    }

    /**
     * The lock that serializes the runs of the model whose run function is {@code symbol} in this
     * library: TVM's generated code is not reentrant (its workspace is static memory), so two
     * calls of one model in one loaded library must not overlap. Every binding and executor of the
     * same library gets the same lock.
     *
     * @param symbol the run function's C symbol, resolved by {@code load}
     * @return the lock, or null in the class loaded from its file
     */
    public ReentrantLock runLock(String symbol) {
        MemorySegment address = symbols.get(symbol);
        return address == null ? null : RunLocks.of(address);
    }

    @SuppressWarnings("restricted")
    private MethodHandle link(String symbol, FunctionDescriptor descriptor, Linker.Option... options) {
        MemorySegment address = symbols.get(symbol);
        return address == null ? null
                : Linker.nativeLinker().downcallHandle(address, descriptor, options);
    }
}

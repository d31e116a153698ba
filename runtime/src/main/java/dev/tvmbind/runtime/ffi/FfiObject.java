package dev.tvmbind.runtime.ffi;

import java.lang.ref.Cleaner;
import java.util.function.LongUnaryOperator;

/**
 * An object of tvm-ffi that tvmbind has no Java type for (a registered class such as
 * {@code testing.TestIntPair}, an {@code ffi.Function} read as a value, a module): Java holds one
 * reference to it, and passes it back to any function as itself. Its fields are not read yet.
 *
 * <p>{@link #close()} releases Java's reference (the garbage collector does if nobody closes it);
 * a closed object is refused before any call it is passed to. An object passed to a call takes a
 * reference of its own for the call, so closing it from another thread meanwhile is safe.
 */
public sealed class FfiObject implements AutoCloseable permits FfiModule {
    private static final Cleaner CLEANER = Cleaner.create();

    private final int typeIndex;
    private final String typeKey;
    private final State state;
    private final Cleaner.Cleanable release;

    /** The handle and whether it is still Java's, apart from the object so the cleaner can run. */
    private static final class State implements Runnable {
        private long handle;
        private final Runnable release;

        State(long handle, Runnable release) {
            this.handle = handle;
            this.release = release;
        }

        @Override
        public synchronized void run() {
            if (handle != 0) {
                handle = 0;
                release.run();
            }
        }
    }

    FfiObject(long handle, int typeIndex, String typeKey, Runnable release) {
        this.typeIndex = typeIndex;
        this.typeKey = typeKey;
        this.state = new State(handle, release);
        this.release = CLEANER.register(this, state);
    }

    /**
     * Its type's key in tvm-ffi's registry.
     *
     * @return {@code testing.TestIntPair}, {@code ffi.Function}
     */
    public String typeKey() {
        return typeKey;
    }

    /**
     * Its type's index in this process's tvm-ffi runtime.
     *
     * @return the index, 64 or more
     */
    public int typeIndex() {
        return typeIndex;
    }

    /**
     * Whether Java still holds it.
     *
     * @return false once closed
     */
    public boolean isOpen() {
        synchronized (state) {
            return state.handle != 0;
        }
    }

    /** The handle with a reference taken by {@code retain} for a call, or a refusal when closed. */
    long retain(LongUnaryOperator retain, String parameter) {
        synchronized (state) {
            if (state.handle == 0) {
                throw new IllegalStateException(parameter + " is a closed " + this);
            }
            return retain.applyAsLong(state.handle);
        }
    }

    /** Releases Java's reference; later calls do nothing. */
    @Override
    public void close() {
        release.clean();
    }

    @Override
    public String toString() {
        return "FfiObject(" + typeKey + ")";
    }
}

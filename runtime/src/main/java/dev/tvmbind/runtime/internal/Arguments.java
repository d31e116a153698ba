package dev.tvmbind.runtime.internal;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * Checks of a plain function's arguments before the native call, and what a call's exceptions
 * become. Messages are built only on failure, so that a call allocates nothing.
 */
public final class Arguments {
    private Arguments() {}

    /**
     * Checks a plain function's segment argument: FFM would refuse a closed or foreign-thread
     * segment too, but without naming the parameter.
     *
     * @param segment the argument
     * @param parameter the Java parameter's name, for messages
     */
    public static void checkSegment(MemorySegment segment, String parameter) {
        Objects.requireNonNull(segment, parameter);
        checkUsable(segment, parameter);
    }

    /**
     * Refuses a segment whose arena is closed or confined to another thread. A tensor's address
     * goes into a struct as a plain number, so FFM's own checks never see it: without this, a
     * closed arena's memory would reach C (a use after free, or a crash once it is unmapped).
     *
     * @param segment the argument
     * @param argument what messages call the segment: the parameter, or its tensor
     */
    public static void checkUsable(MemorySegment segment, Object argument) {
        if (!segment.scope().isAlive()) {
            throw new IllegalStateException(argument
                    + " is a segment of an arena that is already closed");
        }
        if (!segment.isAccessibleBy(Thread.currentThread())) {
            throw new WrongThreadException(argument + " is a segment of an arena confined to"
                    + " another thread than " + Thread.currentThread());
        }
    }

    /**
     * An exception of a downcall, unchanged when unchecked: a downcall throws no checked one.
     *
     * @param e what {@code invokeExact} threw
     * @return the exception to throw (an {@code Error} is thrown here)
     */
    public static RuntimeException rethrow(Throwable e) {
        if (e instanceof RuntimeException runtime) {
            return runtime;
        }
        if (e instanceof Error error) {
            throw error;
        }
        return new IllegalStateException("unexpected exception from a native call", e);
    }
}

package dev.tvmbind.runtime.internal;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;

/**
 * What a binding's {@code Linked} class needs of {@code java.lang.foreign}'s interfaces, as
 * static methods of a class. {@code Linked} implements the model's interface, whose constants
 * are in scope there: a constant named {@code java} and one named {@code Linker} hide both
 * spellings of {@code Linker.nativeLinker()}, but a class's static method is still reached
 * through a cast, {@code ((dev.tvmbind.runtime.internal.Foreign) null).linker()}, and an
 * interface's is not. Nothing here links or calls native code: {@code Linked} does, with its
 * module's native access.
 */
public final class Foreign {
    private Foreign() {}

    /**
     * The platform's linker.
     *
     * @return {@link Linker#nativeLinker()}
     */
    public static Linker linker() {
        return Linker.nativeLinker();
    }

    /**
     * A critical call's option.
     *
     * @param allowHeapAccess whether the call passes heap segments
     * @return {@link Linker.Option#critical(boolean)}
     */
    public static Linker.Option critical(boolean allowHeapAccess) {
        return Linker.Option.critical(allowHeapAccess);
    }

    /**
     * A function's descriptor.
     *
     * @param result the result's layout
     * @param arguments the arguments' layouts
     * @return {@link FunctionDescriptor#of}
     */
    public static FunctionDescriptor function(MemoryLayout result, MemoryLayout... arguments) {
        return FunctionDescriptor.of(result, arguments);
    }

    /**
     * A {@code void} function's descriptor.
     *
     * @param arguments the arguments' layouts
     * @return {@link FunctionDescriptor#ofVoid}
     */
    public static FunctionDescriptor procedure(MemoryLayout... arguments) {
        return FunctionDescriptor.ofVoid(arguments);
    }

    /**
     * An array as a heap segment, for a critical call.
     *
     * @param array the array
     * @return {@link MemorySegment#ofArray(byte[])}
     */
    public static MemorySegment heap(byte[] array) {
        return MemorySegment.ofArray(array);
    }

    /**
     * @param array the array
     * @return {@link MemorySegment#ofArray(short[])}
     */
    public static MemorySegment heap(short[] array) {
        return MemorySegment.ofArray(array);
    }

    /**
     * @param array the array
     * @return {@link MemorySegment#ofArray(char[])}
     */
    public static MemorySegment heap(char[] array) {
        return MemorySegment.ofArray(array);
    }

    /**
     * @param array the array
     * @return {@link MemorySegment#ofArray(int[])}
     */
    public static MemorySegment heap(int[] array) {
        return MemorySegment.ofArray(array);
    }

    /**
     * @param array the array
     * @return {@link MemorySegment#ofArray(long[])}
     */
    public static MemorySegment heap(long[] array) {
        return MemorySegment.ofArray(array);
    }

    /**
     * @param array the array
     * @return {@link MemorySegment#ofArray(float[])}
     */
    public static MemorySegment heap(float[] array) {
        return MemorySegment.ofArray(array);
    }

    /**
     * @param array the array
     * @return {@link MemorySegment#ofArray(double[])}
     */
    public static MemorySegment heap(double[] array) {
        return MemorySegment.ofArray(array);
    }
}

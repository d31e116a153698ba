package dev.tvmbind.runtime.internal;

import dev.tvmbind.TensorRole;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.ValueLayout;
import java.util.Collections;

/**
 * A function of TVM's C interface and its calling convention: the run function, which takes one
 * struct of pointers per kind of tensor (inputs, outputs, then workspace pools and devices when the
 * model has them: {@link TensorRole}'s order) and returns an {@code int32_t} status, and the two
 * functions read after a failed run: the one description of TVM's calling convention, which
 * generated bindings and executors both link.
 */
public final class TvmFunction {
    /** The most bytes of {@code TVMGetLastError()}'s text that are read. */
    public static final int LAST_ERROR_BYTES = 1024;

    /**
     * {@code const char* TVMGetLastError(void)}: its text is read at most
     * {@link #LAST_ERROR_BYTES} far, so that a string without its NUL cannot run off.
     */
    public static final TvmFunction LAST_ERROR = new TvmFunction("TVMGetLastError",
            FunctionDescriptor.of(ValueLayout.ADDRESS.withTargetLayout(
                    MemoryLayout.sequenceLayout(LAST_ERROR_BYTES, ValueLayout.JAVA_BYTE))));

    /** {@code void tvmbind_platform_reset(void)}, of tvmbind's platform file. */
    public static final TvmFunction PLATFORM_RESET = new TvmFunction("tvmbind_platform_reset",
            FunctionDescriptor.ofVoid());

    /** The fewest structs a run function takes: inputs and outputs (ISO C has no empty struct). */
    public static final int MIN_STRUCTS = 2;

    /** The most: inputs, outputs, workspace pools, devices. */
    public static final int MAX_STRUCTS = TensorRole.values().length;

    private final String name;
    private final FunctionDescriptor descriptor;

    private TvmFunction(String name, FunctionDescriptor descriptor) {
        this.name = name;
        this.descriptor = descriptor;
    }

    /**
     * Its descriptor; struct addresses travel as {@link Scratch#POINTER}.
     *
     * @return the descriptor
     */
    public FunctionDescriptor descriptor() {
        return descriptor;
    }

    /**
     * What messages call it.
     *
     * @return e.g. {@code TVMGetLastError}
     */
    @Override
    public String toString() {
        return name;
    }

    /**
     * A run function that takes {@code structs} struct pointers.
     *
     * @param structs 2, 3 or 4
     * @return its function
     */
    public static TvmFunction run(int structs) {
        if (structs < MIN_STRUCTS || structs > MAX_STRUCTS) {
            throw new IllegalArgumentException("a run function takes " + MIN_STRUCTS + " to "
                    + MAX_STRUCTS + " structs, not " + structs);
        }
        return new TvmFunction("run", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                Collections.nCopies(structs, Scratch.POINTER).toArray(MemoryLayout[]::new)));
    }
}

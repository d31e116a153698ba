package dev.tvmbind.runtime.internal;

import dev.tvmbind.TensorRole;
import dev.tvmbind.contract.TensorContract;
import dev.tvmbind.runtime.TensorInfo;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * A tensor parameter of a generated binding's run method: the tensor as the interface declares
 * it, the part it plays and the Java parameter that passes it. Its {@code check} methods refuse a
 * wrong argument before any native call, with a message that names the tensor and the parameter.
 * Used by generated code; applications have no need of it.
 */
public final class TensorArgument {
    private final TensorRole role;
    private final TensorInfo tensor;
    private final String parameter;
    /** The declared size, 0 when unknown: read on every call, so unboxed once. */
    private final long bytes;

    private TensorArgument(TensorInfo tensor) {
        TensorContract contract = PublicTypes.contract(tensor);
        this.role = contract.role();
        this.tensor = tensor;
        this.parameter = contract.javaName();
        this.bytes = contract.size();
    }

    /**
     * A tensor parameter: an input, output, workspace pool or device, as its contract says.
     *
     * @param tensor the tensor as the interface declares it
     * @return the argument
     */
    public static TensorArgument of(TensorInfo tensor) {
        return new TensorArgument(tensor);
    }

    /**
     * The tensor as the interface declares it.
     *
     * @return its {@code TensorInfo}
     */
    public TensorInfo tensor() {
        return tensor;
    }

    /**
     * Checks a segment before its address goes into a struct: FFM never sees that address, so
     * a closed arena's memory would reach C unchecked.
     *
     * @param segment the argument
     */
    public void check(MemorySegment segment) {
        Objects.requireNonNull(segment, parameter);
        Arguments.checkUsable(segment, this);
        if (!segment.isNative() || segment.address() == 0) {
            throw new IllegalArgumentException(this + " is "
                    + (segment.isNative() ? "MemorySegment.NULL" : "a heap segment")
                    + "; TVM's structs hold native addresses: pass native memory or an array");
        }
        if (segment.byteSize() < bytes) {
            throw new IllegalArgumentException(this + " needs " + bytes
                    + " bytes, the segment has " + segment.byteSize());
        }
        if (role.written() && segment.isReadOnly()) {
            throw new IllegalArgumentException(this + " is read-only, but the model writes it");
        }
    }

    /**
     * Checks an array before it is copied: not null, and its length the tensor's
     * ({@link #checkArray}).
     *
     * @param array the argument
     */
    public void check(byte[] array) {
        Objects.requireNonNull(array, parameter);
        checkArray(this, tensor, bytes, byte.class, array.length, Byte.BYTES);
    }

    /** As {@link #check(byte[])}, for a {@code short[]}. */
    public void check(short[] array) {
        Objects.requireNonNull(array, parameter);
        checkArray(this, tensor, bytes, short.class, array.length, Short.BYTES);
    }

    /** As {@link #check(byte[])}, for a {@code char[]}. */
    public void check(char[] array) {
        Objects.requireNonNull(array, parameter);
        checkArray(this, tensor, bytes, char.class, array.length, Character.BYTES);
    }

    /** As {@link #check(byte[])}, for an {@code int[]}. */
    public void check(int[] array) {
        Objects.requireNonNull(array, parameter);
        checkArray(this, tensor, bytes, int.class, array.length, Integer.BYTES);
    }

    /** As {@link #check(byte[])}, for a {@code long[]}. */
    public void check(long[] array) {
        Objects.requireNonNull(array, parameter);
        checkArray(this, tensor, bytes, long.class, array.length, Long.BYTES);
    }

    /** As {@link #check(byte[])}, for a {@code float[]}. */
    public void check(float[] array) {
        Objects.requireNonNull(array, parameter);
        checkArray(this, tensor, bytes, float.class, array.length, Float.BYTES);
    }

    /** As {@link #check(byte[])}, for a {@code double[]}. */
    public void check(double[] array) {
        Objects.requireNonNull(array, parameter);
        checkArray(this, tensor, bytes, double.class, array.length, Double.BYTES);
    }

    /**
     * Copies what C wrote back into {@code array}: the tensor's declared bytes only (the whole
     * array when its size is unknown), so that a longer array never receives bytes C did not
     * write.
     *
     * @param scratch the call's scratch memory
     * @param address the address {@code copyIn} or {@code roomFor} returned
     * @param array the argument
     */
    public void copyOut(Scratch scratch, long address, byte[] array) {
        scratch.copyOut(address, array, ValueLayout.JAVA_BYTE, written(array.length, Byte.BYTES));
    }

    /** As {@link #copyOut(Scratch, long, byte[])}, for a {@code short[]}. */
    public void copyOut(Scratch scratch, long address, short[] array) {
        scratch.copyOut(address, array, ValueLayout.JAVA_SHORT, written(array.length, Short.BYTES));
    }

    /** As {@link #copyOut(Scratch, long, byte[])}, for a {@code char[]}. */
    public void copyOut(Scratch scratch, long address, char[] array) {
        scratch.copyOut(address, array, ValueLayout.JAVA_CHAR, written(array.length, Character.BYTES));
    }

    /** As {@link #copyOut(Scratch, long, byte[])}, for an {@code int[]}. */
    public void copyOut(Scratch scratch, long address, int[] array) {
        scratch.copyOut(address, array, ValueLayout.JAVA_INT, written(array.length, Integer.BYTES));
    }

    /** As {@link #copyOut(Scratch, long, byte[])}, for a {@code long[]}. */
    public void copyOut(Scratch scratch, long address, long[] array) {
        scratch.copyOut(address, array, ValueLayout.JAVA_LONG, written(array.length, Long.BYTES));
    }

    /** As {@link #copyOut(Scratch, long, byte[])}, for a {@code float[]}. */
    public void copyOut(Scratch scratch, long address, float[] array) {
        scratch.copyOut(address, array, ValueLayout.JAVA_FLOAT, written(array.length, Float.BYTES));
    }

    /** As {@link #copyOut(Scratch, long, byte[])}, for a {@code double[]}. */
    public void copyOut(Scratch scratch, long address, double[] array) {
        scratch.copyOut(address, array, ValueLayout.JAVA_DOUBLE, written(array.length, Double.BYTES));
    }

    /**
     * The exception for C that wrote past the end of a copied tensor: thrown after the call, the
     * overflow having stayed inside tvmbind's scratch memory. Built on failure only.
     *
     * @param symbol the C function called
     * @param index what {@code Scratch.overrunCopy()} returned
     * @param copied the call's copied tensors, in the order their copies were made
     * @return the exception to throw
     */
    public static IllegalStateException overrun(String symbol, int index,
            TensorArgument... copied) {
        return new IllegalStateException(symbol + " wrote past the end of " + copied[index]
                + ", " + copied[index].bytes + " bytes as declared: the model's C and its"
                + " interface disagree (the overflow stayed in tvmbind's memory; check the size"
                + " against TVM's output with -Atvmbind.tvmOutput)");
    }

    /** The elements of an array of {@code length} that the tensor's declared bytes cover. */
    private int written(int length, int width) {
        return bytes > 0 ? (int) Math.min(length, bytes / width) : length;
    }

    /**
     * The one rule for an array argument, a binding's and an executor's alike: it holds exactly
     * the tensor's bytes when they are known (any length when not, as a binding's tensor of
     * unknown size). The message is built only on failure, so that a call allocates nothing.
     *
     * @param what how messages name the tensor
     * @param bytes the tensor's bytes, 0 when unknown
     * @param carrier the array's element type
     */
    public static void checkArray(Object what, TensorInfo tensor, long bytes, Class<?> carrier,
            int length, int width) {
        if (bytes > 0 && (long) length * width != bytes) {
            throw new IllegalArgumentException(what + " holds " + bytes + " bytes"
                    + tensor.shape().map(shape -> " (" + tensor.dtype().map(d -> d + " ")
                            .orElse("") + shape + ", " + tensor.elementCount().orElseThrow()
                            + " elements)").orElse("")
                    + "; the " + carrier + "[] has " + length + " elements, "
                    + (long) length * width + " bytes");
        }
    }

    /**
     * How messages name it.
     *
     * @return e.g. {@code input 'input_1' (audio)}
     */
    @Override
    public String toString() {
        return role + " '" + tensor.name() + "' (" + parameter + ")";
    }
}

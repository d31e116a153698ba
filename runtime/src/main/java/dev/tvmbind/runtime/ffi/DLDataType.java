package dev.tvmbind.runtime.ffi;

import dev.tvmbind.DType;
import java.util.List;
import java.util.Optional;

/**
 * A DLPack data type ({@code DLDataType}): a type code, the bits of one lane, and the lanes of one
 * element. Every {@link DType} is one ({@link #of(DType)}); kernels also take types that
 * {@code DType} lacks, such as {@link #BFLOAT16}, the 8-bit floats, and vectors
 * ({@code new DLDataType(2, 32, 4)} is {@code float32x4}).
 *
 * @param code DLPack's {@code DLDataTypeCode}: 0 int, 1 uint, 2 float, 4 bfloat, 6 bool, …
 * @param bits the bits of one lane, 1 to 255
 * @param lanes the lanes of one element, 1 to 65,535
 */
public record DLDataType(int code, int bits, int lanes) {
    /** {@code bfloat16}. */
    public static final DLDataType BFLOAT16 = new DLDataType(4, 16, 1);
    /** {@code float8_e4m3fn}, the 8-bit float of most inference kernels. */
    public static final DLDataType FLOAT8_E4M3FN = new DLDataType(10, 8, 1);
    /** {@code float8_e5m2}. */
    public static final DLDataType FLOAT8_E5M2 = new DLDataType(12, 8, 1);

    /** The names of DLPack's codes 0 to 17, as TVM prints them ({@code DLDataTypeCode}). */
    private static final List<String> NAMES = List.of("int", "uint", "float", "handle",
            "bfloat", "complex", "bool", "float8_e3m4", "float8_e4m3", "float8_e4m3b11fnuz",
            "float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2", "float8_e5m2fnuz",
            "float8_e8m0fnu", "float6_e2m3fn", "float6_e3m2fn", "float4_e2m1fn");
    /** Codes whose name carries the bits already. */
    private static final int SIZED_FROM = 7;
    private static final int BOOL = 6;

    /**
     * Checks the ranges of DLPack's fields ({@code uint8_t code, bits; uint16_t lanes}).
     *
     * @throws IllegalArgumentException when a field does not fit
     */
    public DLDataType {
        if (code < 0 || code > 255 || bits < 1 || bits > 255 || lanes < 1 || lanes > 65_535) {
            throw new IllegalArgumentException("not a DLPack data type: code " + code + ", bits "
                    + bits + ", lanes " + lanes + " (code 0-255, bits 1-255, lanes 1-65535)");
        }
    }

    /**
     * The DLPack type of {@code dtype}.
     *
     * @param dtype a tvmbind dtype
     * @return its code, bits and one lane
     */
    public static DLDataType of(DType dtype) {
        return OfDType.TYPES[dtype.ordinal()];
    }

    /** Each {@link DType}'s, made once: a declared tensor's check compares them by identity. */
    private static final class OfDType {
        static final DLDataType[] TYPES = new DLDataType[DType.values().length];

        static {
            for (DType dtype : DType.values()) {
                String name = dtype.tvmName();
                int code = name.equals("bool") ? BOOL : name.startsWith("uint") ? 1
                        : name.startsWith("int") ? 0 : 2;
                TYPES[dtype.ordinal()] = new DLDataType(code, 8 * dtype.bytes(), 1);
            }
        }
    }

    /**
     * The {@link DType} of the same code, bits and one lane, if tvmbind has one.
     *
     * @return it, or empty for {@code bfloat16}, the 8-bit floats, vectors and the like
     */
    public Optional<DType> dtype() {
        for (DType dtype : DType.values()) {
            if (of(dtype).equals(this)) {
                return Optional.of(dtype);
            }
        }
        return Optional.empty();
    }

    /**
     * The bytes of {@code elements} elements, packed (sub-byte types round up once, at the end).
     *
     * @param elements how many
     * @return their bytes
     * @throws ArithmeticException when that overflows a {@code long}
     */
    public long bytes(long elements) {
        long bitCount = Math.multiplyExact(Math.multiplyExact(elements, bits), (long) lanes);
        return bitCount / 8 + (bitCount % 8 == 0 ? 0 : 1);
    }

    /** As TVM prints it: {@code float32}, {@code bfloat16}, {@code float8_e4m3fn}, {@code int8x4}. */
    @Override
    public String toString() {
        String name = code < NAMES.size() ? NAMES.get(code) : "code" + code + "_";
        String typed = code == BOOL && bits == 8 ? "bool"
                : code >= SIZED_FROM && code < NAMES.size() ? name : name + bits;
        return lanes == 1 ? typed : typed + "x" + lanes;
    }
}

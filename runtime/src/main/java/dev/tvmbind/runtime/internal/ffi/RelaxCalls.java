package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.contract.FfiType;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.ValueLayout;

/**
 * Calls of {@code ffi.Function} objects the Relax runtime hands out (the VM's functions, the
 * module globals), their arguments packed as {@code Any} (Java values by their class, as an
 * {@code Object} parameter of a binding packs them; modules and functions as the objects they
 * are), their errors {@code TvmFfiException}s.
 */
final class RelaxCalls {
    private RelaxCalls() {}

    private static final FfiContainer ANY = FfiContainer.of(FfiType.Plain.ANY);
    /** Where {@code TVMFFIObject} keeps its type index, after the reference counts. */
    private static final long TYPE_INDEX = 8;

    /** An object the runtime handed out, passed back as itself. */
    record Handle(long address) {}

    /**
     * Calls {@code function}; the result (one reference, if an object) is the caller's.
     *
     * @param what the function, as errors name it
     * @return the result's {@code TVMFFIAny}, in {@code arena}
     */
    static MemorySegment call(FfiLibrary ffi, long function, String what, Arena arena,
            Object... arguments) {
        return call(ffi, function, what, arena.allocate(16L * (arguments.length + 1), 8), arena,
                arguments);
    }

    /**
     * As {@link #call(FfiLibrary, long, String, Arena, Object...)}, the arguments and the result
     * in {@code frame} ({@code 16 * (arguments + 1)} bytes: the result last), what else they need
     * from {@code memory}. A tensor is passed as its {@code DLTensor*}, borrowed for the call.
     */
    static MemorySegment call(FfiLibrary ffi, long function, String what, MemorySegment frame,
            SegmentAllocator memory, Object... arguments) {
        // Objects made for the call, only when an argument needs one (tensors need none).
        long[] made = null;
        try {
            for (int i = 0; i < arguments.length; i++) {
                MemorySegment any = frame.asSlice(16L * i, 16);
                switch (arguments[i]) {
                    case Handle handle -> FfiWords.word(any, typeIndex(handle.address()),
                            handle.address());
                    case Tensor tensor -> FfiWords.word(any, FfiTypeIndex.DL_TENSOR_PTR,
                            PublicTypes.dlTensorAddress(tensor, "argument " + i));
                    case null, default -> {
                        made = made == null ? new long[arguments.length] : made;
                        made[i] = ANY.set(any, arguments[i], memory, "argument " + i, ffi, what);
                    }
                }
            }
            return ffi.objects().callObject(function, frame, arguments.length,
                    frame.asSlice(16L * arguments.length, 16), what);
        } finally {
            for (int i = 0; made != null && i < made.length; i++) {
                FfiValues.releaseMade(ffi, made[i]);
            }
        }
    }

    /** A global function's object, which the registry keeps. */
    static long global(FfiLibrary ffi, String name) {
        return ffi.objects().global(name)[0];
    }

    /** The object a result holds (one reference, the caller's), or 0 for None. */
    static long object(MemorySegment result, FfiLibrary ffi, String what, String expected) {
        int type = result.get(ValueLayout.JAVA_INT, 0);
        if (type == FfiTypeIndex.NONE) {
            return 0;
        }
        if (type < FfiTypeIndex.STATIC_OBJECT_BEGIN) {
            throw PublicTypes.tvmFfiException(what, "TypeError", "expected " + expected
                    + ", got " + FfiTypeNames.of(type, ffi), "");
        }
        return result.get(ValueLayout.JAVA_LONG, 8);
    }

    /** A result as Java holds it: a tensor, a {@code List} for a tuple, a number, a string… */
    static Object value(MemorySegment result, FfiLibrary ffi, String what) {
        return ANY.read(result, 0, ffi, what);
    }

    @SuppressWarnings("restricted")
    private static int typeIndex(long object) {
        return MemorySegment.ofAddress(object).reinterpret(TYPE_INDEX + 4)
                .get(ValueLayout.JAVA_INT, TYPE_INDEX);
    }
}

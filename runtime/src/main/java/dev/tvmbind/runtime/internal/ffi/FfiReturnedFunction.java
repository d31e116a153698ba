package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.runtime.internal.Arguments;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.util.Objects;

/**
 * An {@code ffi.Function} a library returned, which Java holds and calls: what the generated
 * lambda implementing a {@code @TvmFfi.Callback} interface calls. Used by generated code;
 * applications have no need of it.
 *
 * <p>Java owns one reference, released once by a {@link Cleaner} when the lambda (which holds
 * this) is unreachable; a call keeps it reachable until the call returned. Arguments are packed
 * as a binding's are, objects made for them released after the call; a raised error becomes a
 * {@code TvmFfiException}.
 */
public final class FfiReturnedFunction {
    private static final Cleaner CLEANER = Cleaner.create();

    private final FfiCallback type;
    private final long object;
    private final FfiLibrary library;
    private final String name;

    private FfiReturnedFunction(FfiCallback type, long object, FfiLibrary library, String name) {
        this.type = type;
        this.object = object;
        this.library = library;
        this.name = name;
        CLEANER.register(this, () -> library.release(object));
    }

    /**
     * Takes the function in {@code any}, whose reference the caller handed over.
     *
     * @param function the function that returned it, named in errors and in its calls'
     */
    static FfiReturnedFunction take(FfiCallback type, MemorySegment any, FfiLibrary library,
            String function) {
        int index = any.get(ValueLayout.JAVA_INT, 0);
        long value = any.get(ValueLayout.JAVA_LONG, 8);
        if (index != FfiTypeIndex.FUNCTION) {
            if (index >= FfiTypeIndex.STATIC_OBJECT_BEGIN) {
                library.release(value);
            }
            throw PublicTypes.tvmFfiException(function, "TypeError", "the interface expects"
                    + " a function but the function returned " + FfiTypeNames.of(index, library), "");
        }
        return new FfiReturnedFunction(type, value, library,
                "the function " + Objects.requireNonNull(function, "function") + " returned");
    }

    /**
     * Calls the function.
     *
     * @param arguments boxed as the callback's method takes them
     * @return its result, boxed; null for {@code void}
     */
    public Object call(Object... arguments) {
        int count = type.parameters().size();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment values = arena.allocate(16L * Math.max(1, count), 8);
            long[] made = new long[count];
            try {
                for (int i = 0; i < count; i++) {
                    made[i] = type.parameters().get(i).set(values.asSlice(16L * i, 16),
                            arguments[i], arena, "argument " + i, library, name);
                }
                MemorySegment result = library.objects().callObject(object, values, count,
                        arena.allocate(16, 8), name);
                if (type.result() != null) {
                    return type.result().read(result, 0, library, name);
                }
                if (result.get(ValueLayout.JAVA_INT, 0) >= FfiTypeIndex.STATIC_OBJECT_BEGIN) {
                    library.release(result.get(ValueLayout.JAVA_LONG, 8));
                }
                return null;
            } finally {
                for (long m : made) {
                    FfiValues.releaseMade(library, m);
                }
            }
        } finally {
            Reference.reachabilityFence(this);
        }
    }
}

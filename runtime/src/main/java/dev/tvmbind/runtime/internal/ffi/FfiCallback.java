package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.contract.FfiType;
import dev.tvmbind.runtime.internal.Scratch;
import dev.tvmbind.runtime.internal.shared.InternalAccess;
import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * A {@code @TvmFfi.Callback} type: a Java object passed as an {@code ffi.Function}
 * ({@code TVMFFIFunctionCreate}, its {@code self} an id, its {@code safe_call} one upcall stub
 * for every callback), called by the library on any thread. Used by generated code, which gives
 * the typed call ({@link Invoker}); applications have no need of it.
 *
 * <p>Lifetime without Java in any deleter: the function has none, and Java keeps one reference
 * on it. After the call, when that is the only one left, its id is freed and the function stays
 * with the id's slot for the slot's next callback (its {@code self} is the id, so it serves any
 * target: no function made and released a call); a function the library kept is looked at again
 * by a daemon thread until only Java holds it. An exception the
 * Java method throws never unwinds into C: it is raised as a {@code JavaError}, and the
 * {@code TvmFfiException} that reaches Java has it as its cause.
 *
 * <p>The other way, a function a library returns is read as the interface implemented over it
 * ({@link #read}, {@link FfiReturnedFunction}).
 */
public final class FfiCallback {
    /** The package-private side of the runtime this package may use. */
    private static final InternalAccess.Internals ACCESS = InternalAccess.get();
    /**
     * Calls the callback's Java method with the call's arguments and writes its result, through
     * {@link FfiUpcall}: written by generated code per callback type, so no reflection, no
     * argument array and no boxing of numbers.
     */
    @FunctionalInterface
    public interface Invoker {
        void invoke(Object target, MemorySegment args, MemorySegment result, FfiCallback type,
                FfiLibrary library) throws Throwable;
    }

    private static final CallbackSlots LIVE = new CallbackSlots();
    /** Tokens of the exceptions raised into C. */
    private static final AtomicLong TOKENS = new AtomicLong();
    /** Ids of the functions a library kept past the call: released once only Java holds them. */
    private static final Set<Long> KEPT = ConcurrentHashMap.newKeySet();
    /** Exceptions raised into C, by token, until their error comes back (the last 256). */
    private static final Map<Long, Throwable> RAISED = java.util.Collections.synchronizedMap(
            new LinkedHashMap<>() {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Long, Throwable> eldest) {
                    return size() > 256;
                }
            });
    private static final String TOKEN = " [tvmbind:";
    /** The upcall stub's address (an address, not a segment: no session to keep a call). */
    static final long SAFE_CALL;
    /** The call's arguments and result, and a function's header, where C has them. */
    private static final MemorySegment EVERYWHERE = FfiValues.EVERYWHERE;
    private static Thread reaper;

    static {
        try {
            SAFE_CALL = Linker.nativeLinker().upcallStub(MethodHandles.lookup().findStatic(
                    FfiCallback.class, "call", MethodType.methodType(int.class, long.class,
                            long.class, int.class, long.class)), FfiValues.SAFE_CALL,
                    Arena.global()).address();
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final FfiContainer result;
    private final List<FfiContainer> parameters;
    private final Invoker invoker;
    private final Function<FfiReturnedFunction, Object> wrapper;

    private FfiCallback(FfiContainer result, List<FfiContainer> parameters, Invoker invoker,
            Function<FfiReturnedFunction, Object> wrapper) {
        this.result = result;
        this.parameters = parameters;
        this.invoker = invoker;
        this.wrapper = wrapper;
    }

    /**
     * @param type the callback's interface as the binding states it
     * @param invoker the typed call of a Java object passed to a library
     * @param wrapper the interface implemented over a function a library returned: a lambda
     *     calling {@link FfiReturnedFunction#call}
     */
    public static FfiCallback of(FfiType.Callback type, Invoker invoker,
            Function<FfiReturnedFunction, Object> wrapper) {
        return new FfiCallback(type.result() == FfiType.Plain.VOID ? null
                : FfiContainer.of(type.result()), type.parameters().stream()
                        .map(FfiContainer::of).toList(), invoker, wrapper);
    }

    FfiContainer result() {
        return result;
    }

    List<FfiContainer> parameters() {
        return parameters;
    }

    /**
     * Reads the function a library returned, value {@code index} of a call's frame, as this
     * interface, which Java then owns.
     *
     * @param optional whether the method returns {@code Optional}: None is then empty
     */
    public Object read(MemorySegment frame, int index, FfiLibrary library, String function,
            boolean optional) {
        Objects.requireNonNull(library, "library");
        MemorySegment any = frame.asSlice(16L * index, 16);
        if (optional && any.get(ValueLayout.JAVA_INT_UNALIGNED, 0) == FfiTypeIndex.NONE) {
            return Optional.empty();
        }
        Object wrapped = wrapper.apply(FfiReturnedFunction.take(this, any, library, function));
        return optional ? Optional.of(wrapped) : wrapped;
    }

    /**
     * Passes {@code target} as an {@code ffi.Function} in value {@code index} of the frame in
     * {@code scratch}.
     *
     * @return the callback's id, which the caller gives to {@link #release} after the call
     */
    public long set(Scratch scratch, int index, Object target, String parameter,
            FfiLibrary library, String function) {
        Objects.requireNonNull(target, parameter);
        MemorySegment frame = ACCESS.memory(scratch);
        // Bounds-checked here (the value set to None), before C writes into it by address.
        FfiWords.word(frame, 16L * index, FfiTypeIndex.NONE, 0);
        long id = LIVE.add(target, this, Objects.requireNonNull(library, "library"));
        long made = LIVE.function(id); // the slot's parked function, if any
        if (made == 0) {
            try {
                // The function is written straight into the argument's value.
                made = library.objects().function(id, function,
                        frame.address() + 16L * index + 8);
            } catch (RuntimeException | Error e) {
                LIVE.remove(id);
                throw e;
            }
            LIVE.function(id, made);
        }
        FfiWords.word(frame, 16L * index, FfiTypeIndex.FUNCTION, made);
        return id;
    }

    /**
     * After the call: releases the function now, or once the library drops what it kept.
     *
     * @param id what {@link #set} returned, or 0 when it was not reached
     */
    public static void release(FfiLibrary library, long id) {
        if (id == 0) {
            return;
        }
        Objects.requireNonNull(library, "library");
        if (LIVE.target(id) == null || LIVE.library(id) != library) {
            throw new IllegalArgumentException("not a callback of this library: " + id);
        }
        if (!releaseIfOnlyJava(id)) {
            KEPT.add(id);
            startReaper();
        }
    }

    /**
     * Frees the id once only Java holds its function, which stays with the slot for its next
     * callback ({@link CallbackSlots#park}). The strong count is the low half of the header's
     * first word: 1 is Java's own.
     */
    private static boolean releaseIfOnlyJava(long id) {
        if (EVERYWHERE.get(ValueLayout.JAVA_INT_UNALIGNED, LIVE.function(id)) != 1) {
            return false;
        }
        LIVE.park(id);
        return true;
    }

    /**
     * Starts the thread that looks again at kept functions, unless it runs. Each is released by
     * the runtime that made it (its slot's library). The thread ends only when it finds none
     * left under this class's lock, so a function kept while it ends starts another.
     */
    private static synchronized void startReaper() {
        if (reaper != null) {
            return;
        }
        reaper = Thread.ofPlatform().daemon().name("tvmbind-callbacks").start(() -> {
            while (true) {
                KEPT.removeIf(FfiCallback::releaseIfOnlyJava);
                synchronized (FfiCallback.class) {
                    if (KEPT.isEmpty()) {
                        reaper = null;
                        return;
                    }
                }
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    synchronized (FfiCallback.class) {
                        reaper = null;
                    }
                    return;
                }
            }
        });
    }

    /** The {@code safe_call} of every callback: never throws into C. */
    private static int call(long self, long args, int count, long resultAny) {
        Object target = LIVE.target(self);
        if (target == null) {
            return -1; // cannot happen while the function lives: its id goes with its release
        }
        FfiLibrary library = LIVE.library(self);
        try {
            FfiCallback type = LIVE.type(self);
            if (count != type.parameters.size()) {
                throw new IllegalArgumentException("the callback takes "
                        + type.parameters.size() + " arguments, not " + count);
            }
            type.invoker.invoke(target, EVERYWHERE.asSlice(args, 16L * count),
                    EVERYWHERE.asSlice(resultAny, 16), type, library);
            return 0;
        } catch (Throwable e) {
            try {
                long token = TOKENS.incrementAndGet();
                RAISED.put(token, e);
                library.objects().raise("JavaError", e + TOKEN + token + "]");
            } catch (Throwable ignored) {
                // Nothing more can be said from here: the status says it failed.
            }
            return -1;
        }
    }

    /**
     * The Java exception a {@code JavaError} came from, taken once; null for any other error.
     *
     * @param message the error's message, which ends with the token this class wrote
     */
    static Throwable cause(String kind, String message) {
        int at = message.lastIndexOf(TOKEN);
        if (!kind.equals("JavaError") || at < 0 || !message.endsWith("]")) {
            return null;
        }
        try {
            return RAISED.remove(Long.parseLong(message.substring(at + TOKEN.length(),
                    message.length() - 1)));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The message without the token {@link #cause} reads. */
    static String withoutToken(String message) {
        int at = message.lastIndexOf(TOKEN);
        return at < 0 ? message : message.substring(0, at);
    }
}

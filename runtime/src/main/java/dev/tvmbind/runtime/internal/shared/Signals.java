package dev.tvmbind.runtime.internal.shared;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Keeps the JVM's handling of the signals it relies on across every library tvmbind loads.
 * HotSpot takes SIGSEGV for implicit null checks and safepoint polls, SIGBUS, SIGFPE and SIGILL
 * for other traps, SIGUSR2 to suspend threads; a library whose constructor installs a handler of
 * its own (tvm-ffi's default build: {@code std::signal(SIGSEGV, …)} to print a backtrace) makes
 * the next null check a crash. The dispositions are taken once, when this class initialises
 * (before tvmbind loads anything), and after each load any that changed are put back, said once
 * per library on the {@code dev.tvmbind} logger at DEBUG (nothing on stderr by default).
 *
 * <p>Not covered, and said in the README: a library that other code loads, a signal raised on
 * another thread while the load itself runs, and handlers installed later by the library's own
 * code (a function that calls {@code signal} when called). Linux only (glibc's
 * {@code struct sigaction}); elsewhere loads are not guarded.
 */
public final class Signals {
    private Signals() {}

    /** Whether the guard runs: Linux, where the layout below is glibc's. */
    public static final boolean APPLIES = System.getProperty("os.name", "").toLowerCase(Locale.ROOT)
            .startsWith("linux");

    /** The signals HotSpot handles, by number on Linux (x86-64 and AArch64 alike). */
    private static final Map<Integer, String> GUARDED = Map.of(4, "SIGILL", 7, "SIGBUS",
            8, "SIGFPE", 11, "SIGSEGV", 12, "SIGUSR2");

    /**
     * Room for glibc's {@code struct sigaction} (152 bytes on x86-64 and AArch64): the handler,
     * then the mask, the flags and the restorer. It is only copied, never built.
     */
    private static final long SIGACTION_BYTES = 256;
    /** {@code sa_flags} follows the handler and the 128-byte mask. */
    private static final long FLAGS_OFFSET = 8 + 128;

    /** The traps HotSpot takes with one handler of its own ({@code javaSignalHandler}). */
    private static final List<Integer> TRAPS = List.of(4, 7, 8, 11);

    private static final MethodHandle SIGACTION = APPLIES ? sigaction() : null;
    /** Each guarded signal's disposition when the runtime started, the JVM's put back first. */
    private static final Map<Integer, MemorySegment> STARTED = APPLIES ? jvms(current())
            : Map.of();

    @SuppressWarnings("restricted")
    private static MethodHandle sigaction() {
        Linker linker = Linker.nativeLinker();
        return linker.downcallHandle(linker.defaultLookup().find("sigaction").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                        ValueLayout.ADDRESS, ValueLayout.ADDRESS));
    }

    private static Map<Integer, MemorySegment> current() {
        Map<Integer, MemorySegment> now = new java.util.HashMap<>();
        for (int signal : GUARDED.keySet()) {
            MemorySegment disposition = Arena.global().allocate(SIGACTION_BYTES, 8);
            call(signal, MemorySegment.NULL, disposition);
            now.put(signal, disposition);
        }
        return Map.copyOf(now);
    }

    /**
     * The dispositions as the JVM set them: a library another loader brought in before tvmbind's
     * first load (a {@code System.load} of {@code libtvm_ffi}, {@code LD_PRELOAD}) may have
     * replaced the JVM's handler of a trap already. HotSpot handles every trap with one handler in
     * {@code libjvm}: a trap whose handler lies elsewhere gets the disposition of one whose
     * handler is the JVM's, at once, said on the {@code dev.tvmbind} logger.
     */
    private static Map<Integer, MemorySegment> jvms(Map<Integer, MemorySegment> now) {
        MemorySegment jvm = TRAPS.stream().map(now::get).filter(d -> inJvm(handler(d)))
                .findFirst().orElse(null);
        if (jvm == null) {
            return now; // -Xrs, or a JVM that handles no trap: nothing to compare with
        }
        Map<Integer, MemorySegment> fixed = new java.util.HashMap<>(now);
        List<String> replaced = new ArrayList<>();
        for (int trap : TRAPS) {
            long handler = handler(now.get(trap));
            // SIG_DFL (0) and SIG_IGN (1) are the JVM's choice, never a library's handler.
            if (handler > 1 && !inJvm(handler)) {
                call(trap, jvm, MemorySegment.NULL);
                fixed.put(trap, jvm);
                replaced.add(GUARDED.get(trap));
            }
        }
        if (!replaced.isEmpty()) {
            Diagnostics.LOGGER.log(System.Logger.Level.WARNING, "a library"
                    + " loaded before tvmbind's first load replaced the JVM's handler of "
                    + String.join(", ", replaced) + "; tvmbind put the JVM's back (load"
                    + " libtvm_ffi through tvmbind, or before any other, to leave no window)");
        }
        return Map.copyOf(fixed);
    }

    private static long handler(MemorySegment disposition) {
        return disposition.get(ValueLayout.JAVA_LONG, 0);
    }

    /** Whether {@code address} lies in {@code libjvm}. */
    private static boolean inJvm(long address) {
        return NativeFiles.of(address).map(file -> file.getFileName().toString()
                .equals("libjvm.so")).orElse(false);
    }

    private static void call(int signal, MemorySegment set, MemorySegment old) {
        int status;
        try {
            status = (int) SIGACTION.invokeExact(signal, set, old);
        } catch (Throwable e) {
            throw new IllegalStateException("sigaction(" + signal + ") failed", e);
        }
        if (status != 0) {
            throw new IllegalStateException("sigaction(" + GUARDED.get(signal) + ") returned "
                    + status);
        }
    }

    /**
     * Runs a load, then puts back every guarded signal's disposition that it changed.
     *
     * @param what how the message names what was loaded
     * @param load the load
     * @return what the load returned
     */
    public static <T> T keep(String what, Supplier<T> load) {
        if (!APPLIES) {
            return load.get();
        }
        try {
            return load.get();
        } finally {
            restore(what);
        }
    }

    /** Puts back what changed since the runtime started, naming it once. */
    private static synchronized void restore(String what) {
        List<String> changed = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment now = arena.allocate(SIGACTION_BYTES, 8);
            for (Map.Entry<Integer, MemorySegment> started : STARTED.entrySet()) {
                call(started.getKey(), MemorySegment.NULL, now);
                if (differs(started.getValue(), now)) {
                    call(started.getKey(), started.getValue(), MemorySegment.NULL);
                    changed.add(GUARDED.get(started.getKey()));
                }
            }
        }
        if (!changed.isEmpty()) {
            // Done, nothing to act on: said at DEBUG, so that nothing reaches stderr by default
            // (every load of the wheels' libtvm_ffi does it).
            Diagnostics.LOGGER.log(System.Logger.Level.DEBUG, "loading "
                    + what + " replaced the JVM's handler of " + String.join(", ", changed.stream()
                            .sorted().toList()) + "; tvmbind put the JVM's back (a fault there"
                    + " would otherwise end the JVM)");
        }
    }

    /** Whether the handler or the flags differ: what decides how a signal is handled. */
    private static boolean differs(MemorySegment started, MemorySegment now) {
        return started.get(ValueLayout.JAVA_LONG, 0) != now.get(ValueLayout.JAVA_LONG, 0)
                || started.get(ValueLayout.JAVA_INT, FLAGS_OFFSET)
                        != now.get(ValueLayout.JAVA_INT, FLAGS_OFFSET);
    }
}

package dev.tvmbind.runtime.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandles;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Whose native access a path into tvmbind uses, decided as FFM decides it for its restricted
 * methods. Opening a library runs its constructors, and a {@link SymbolLookup} may answer any name
 * with any address: both choose native code, so every public path that takes a file to open or a
 * lookup to link checks that the code calling it is in a module with native access. The runtime's
 * own grant is then used only for what that caller could have done itself; the lookups it vouched
 * for are {@link Vouched}, so that tvmbind's own later uses of them (a binding of a library it
 * opened, an executor) need no second check.
 *
 * <p>The caller is found from nothing a caller can choose: a stack walk that shows hidden and
 * reflection frames skips only the contiguous frames nearest the check that belong to tvmbind's
 * runtime, to a generated binding that proved itself with its own lookup (the binding and its
 * nestmates: its lambdas, its hidden copies), and to {@code java.base}'s method-handle and
 * reflection machinery. The next frame decides: a lambda or method reference counts as the module
 * that made it; any other frame of the JDK (a thread pool's worker, a {@code MethodHandleProxies}
 * class) has no native access to lend, so a handle or a proxy to a door delegates nothing.
 */
public final class NativeAccess {
    private NativeAccess() {}

    private static final StackWalker STACK = StackWalker.getInstance(Set.of(
            StackWalker.Option.RETAIN_CLASS_REFERENCE, StackWalker.Option.SHOW_HIDDEN_FRAMES,
            StackWalker.Option.SHOW_REFLECT_FRAMES));
    private static final Module RUNTIME = NativeAccess.class.getModule();
    private static final Module JAVA_BASE = Object.class.getModule();
    /** The packages of {@code java.base} that pass a call on without choosing it. */
    private static final Set<String> MACHINERY = Set.of("java.lang.invoke", "java.lang.reflect",
            "jdk.internal.reflect");

    /**
     * Checks that the module calling into tvmbind has native access.
     *
     * @param binding the generated binding's own {@code MethodHandles.lookup()}, whose frames are
     *     skipped; or null
     * @param what what the caller asked for, as the message says it: {@code "open a library"}
     * @throws IllegalCallerException naming the caller's module and the option that grants it, or
     *     when {@code binding} is not a lookup a class with native access made for itself
     */
    public static void requireCaller(MethodHandles.Lookup binding, String what) {
        Class<?> host = binding == null ? null : proven(binding, what).getNestHost();
        Optional<Class<?>> caller = STACK.walk(frames -> frames
                .<Class<?>>map(StackWalker.StackFrame::getDeclaringClass)
                .dropWhile(c -> isRuntime(c) || isMachinery(c)
                        || (host != null && c.getNestHost() == host))
                .findFirst());
        Module module = caller.map(Class::getModule).orElse(null);
        if (module == null || !lends(caller.get())) {
            String name = module == null ? "(no caller)" : module.isNamed() ? module.getName()
                    : "ALL-UNNAMED";
            throw new IllegalCallerException("tvmbind will not " + what + " for "
                    + (module == null ? "a caller it cannot find"
                            : isJdk(caller.get()) ? "the JDK's " + caller.get().getName()
                                    + ", which passes calls on but never chooses them (a handle or"
                                    + " a proxy to tvmbind delegates nothing: call it from the"
                                    + " module that has native access)"
                            : module.isNamed() ? "module " + name : "the class path")
                    + ", which has no native access: a library's constructors and the addresses a"
                    + " lookup answers are native code the caller chooses. Run with"
                    + " --enable-native-access=" + name + (caller.isPresent()
                            ? " (the call came from " + caller.get().getName() + ")" : ""));
        }
    }

    /**
     * The lookup, after checking that the caller may choose native code.
     *
     * @param lookup the caller's lookup, or one tvmbind already vouched for
     * @param binding the generated binding's own {@code MethodHandles.lookup()}, or null
     * @param what what the caller asked for
     * @return the lookup, vouched for
     * @throws IllegalCallerException when the caller's module has no native access
     */
    public static Vouched vouch(SymbolLookup lookup, MethodHandles.Lookup binding, String what) {
        Objects.requireNonNull(lookup, "lookup");
        if (lookup instanceof Vouched vouched) {
            return vouched;
        }
        requireCaller(binding, what);
        return new Vouched(lookup, null, null);
    }

    /**
     * The class a binding's lookup proves to be the caller's: a lookup with {@code ORIGINAL}
     * access, which only the class itself makes ({@code privateLookupIn} and {@code in} drop it),
     * of a module with native access. Such a class could have done what it asks itself.
     */
    static Class<?> proven(MethodHandles.Lookup binding, String what) {
        Class<?> type = binding.lookupClass();
        if ((binding.lookupModes() & MethodHandles.Lookup.ORIGINAL) == 0) {
            throw new IllegalCallerException("tvmbind will not " + what + " on behalf of "
                    + type.getName() + ": only a generated binding's own MethodHandles.lookup()"
                    + " vouches for its callers, not " + binding);
        }
        Module module = type.getModule();
        if (!module.isNativeAccessEnabled()) {
            throw new IllegalCallerException("tvmbind will not " + what + " on behalf of "
                    + type.getName() + ": the binding links the model's functions with the native"
                    + " access of its module, which has none: run with --enable-native-access="
                    + (module.isNamed() ? module.getName() : "ALL-UNNAMED"));
        }
        return type;
    }

    /** Whether a frame of {@code type} may choose native code. */
    private static boolean lends(Class<?> type) {
        return !isJdk(type) && type.getModule().isNativeAccessEnabled();
    }

    /**
     * Classes of tvmbind's runtime: by package too, since on the class path the runtime shares
     * the unnamed module with the application.
     */
    private static boolean isRuntime(Class<?> type) {
        String name = type.getPackageName();
        return type.getModule() == RUNTIME
                && (name.equals(RUNTIME_PACKAGE) || name.startsWith(RUNTIME_PACKAGE + "."));
    }

    private static final String RUNTIME_PACKAGE = "dev.tvmbind.runtime";

    /** Method handles and reflection in {@code java.base}: they pass a call on. */
    private static boolean isMachinery(Class<?> type) {
        return type.getModule() == JAVA_BASE && MACHINERY.contains(type.getPackageName());
    }

    /**
     * Classes of the JDK and of what it spins (a {@code MethodHandleProxies} class lives in a
     * dynamic module of its own): none chooses what it calls.
     */
    private static boolean isJdk(Class<?> type) {
        ClassLoader loader = type.getClassLoader();
        return loader == null || loader == ClassLoader.getPlatformClassLoader()
                || (type.getModule().isNamed() && type.getModule().getLayer() == null);
    }

    /**
     * A lookup that code with native access handed over, or that tvmbind made by opening a library
     * for such code: its answers are that code's choice. It may know its file (to open again) and
     * the scope of the {@code TvmLibrary} it belongs to (its typed bindings follow that).
     */
    public static final class Vouched implements SymbolLookup {
        private final SymbolLookup lookup;
        private final Path file;
        private final MemorySegment.Scope owner;

        Vouched(SymbolLookup lookup, Path file, MemorySegment.Scope owner) {
            this.lookup = lookup;
            this.file = file;
            this.owner = owner;
        }

        /** The same symbols, owned by a library of that scope: bindings of it stop at its close. */
        public Vouched ownedBy(MemorySegment.Scope scope) {
            return new Vouched(lookup, file, scope);
        }

        /** The same symbols, of a copy of {@code original}: more copies are made from that. */
        Vouched copyOf(Path original) {
            return new Vouched(lookup, original, owner);
        }

        /** The scope of the library it belongs to, or null. */
        MemorySegment.Scope owner() {
            return owner;
        }

        /** The file it was opened from, or null for a lookup the caller gave. */
        public Path fileOrNull() {
            return file;
        }

        /** The file it was opened from. */
        Path file() {
            if (file == null) {
                throw new IllegalStateException("a lookup the caller gave has no file to open again");
            }
            return file;
        }

        @Override
        public Optional<MemorySegment> find(String name) {
            return lookup.find(name);
        }

        @Override
        public String toString() {
            return lookup.toString();
        }
    }
}

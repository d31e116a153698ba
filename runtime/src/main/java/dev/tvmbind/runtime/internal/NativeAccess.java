package dev.tvmbind.runtime.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Whose native access a path into tvmbind uses. Opening a library runs its constructors, and a
 * {@link SymbolLookup} may answer any name with any address: both choose native code, so every
 * public path that takes a file to open or a lookup to link checks, as FFM's restricted methods
 * do, that the code calling it is in a module with native access. The runtime's own grant is then
 * used only for what that caller could have done itself; the lookups it vouched for are
 * {@link Vouched}, so that tvmbind's own later uses of them (a binding of a library it opened, an
 * executor) need no second check.
 *
 * <p>The caller is the nearest frame that is none of tvmbind's runtime, the generated binding the
 * call went through, or the JDK's own code (reflection, streams, executors): a path through a
 * method reference or a thread pool is the caller's still.
 */
public final class NativeAccess {
    private NativeAccess() {}

    private static final StackWalker STACK =
            StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    private static final Module RUNTIME = NativeAccess.class.getModule();

    /**
     * Checks that the module calling into tvmbind has native access.
     *
     * @param binding the generated binding the call went through, whose frames are skipped; or
     *     null
     * @param what what the caller asked for, as the message says it: {@code "open a library"}
     * @throws IllegalCallerException naming the caller's module and the option that grants it
     */
    public static void requireCaller(Class<?> binding, String what) {
        Class<?> host = binding == null ? null : binding.getNestHost();
        Optional<Class<?>> caller = STACK.walk(frames -> frames
                .<Class<?>>map(StackWalker.StackFrame::getDeclaringClass)
                .filter(c -> !isRuntime(c) && !isJdk(c) && (host == null || c.getNestHost() != host))
                .findFirst());
        // A stack of tvmbind and the JDK alone has no caller to vouch for it.
        Module module = caller.map(Class::getModule).orElse(null);
        if (module == null || !module.isNativeAccessEnabled()) {
            String name = module == null ? "(no caller)" : module.isNamed() ? module.getName()
                    : "ALL-UNNAMED";
            throw new IllegalCallerException("tvmbind will not " + what + " for "
                    + (module == null ? "a caller it cannot find"
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
     * @param binding the generated binding the call went through, or null
     * @param what what the caller asked for
     * @return the lookup, vouched for
     * @throws IllegalCallerException when the caller's module has no native access
     */
    public static Vouched vouch(SymbolLookup lookup, Class<?> binding, String what) {
        Objects.requireNonNull(lookup, "lookup");
        if (lookup instanceof Vouched vouched) {
            return vouched;
        }
        requireCaller(binding, what);
        return new Vouched(lookup, null, null);
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

    /** Classes of the JDK, which pass calls on but never choose them. */
    private static boolean isJdk(Class<?> type) {
        ClassLoader loader = type.getClassLoader();
        return loader == null || loader == ClassLoader.getPlatformClassLoader();
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

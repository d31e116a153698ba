package dev.tvmbind.runtime.relax;

import dev.tvmbind.runtime.internal.ffi.RelaxBundleFiles;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A Relax model shipped in the application jar with the TVM runtime it runs on, as
 * tvmbind-maven-plugin's {@code relax-bundle} goal puts them ({@code
 * native/<os>-<arch>/relax/<name>/}): the jar then runs where neither Python nor TVM is installed,
 * with no property or variable set.
 *
 * <pre>{@code
 * try (Mlp mlp = MlpBinding.load(RelaxBundle.extract("mlp"))) { … }
 * }</pre>
 *
 * <p>The machine is checked first (the platform, and the glibc the wheels were built for: one
 * error naming the jar entry and what the machine has). TVM's runtime is copied once per JVM into
 * one private folder (owner-only, in {@code java.io.tmpdir}, which must allow {@code exec}) and
 * deleted as soon as the first load has loaded it; each {@code extract} copies the model afresh,
 * and the load that reads the copy deletes it. Every file is streamed (a 1 GiB model is never in
 * the heap) and checked against the sha256 the goal recorded. A runtime named by {@code
 * -Dtvmbind.tvmRuntime} or {@code TVMBIND_TVM_RUNTIME} is loaded instead of the bundle's.
 */
public final class RelaxBundle {
    private static final StackWalker CALLER =
            StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private RelaxBundle() {}

    /**
     * Takes bundle {@code name} out of the caller's class path.
     *
     * @param name the bundle's name (the goal's {@code name}: by default the library's file
     *     name without {@code .so})
     * @return a private copy of the model, for one {@code load}
     * @throws IllegalArgumentException for a name no bundle can have ({@code ../x})
     * @throws dev.tvmbind.runtime.UnreadableLibraryError naming the jar entry, when the class path
     *     has no such bundle for this platform, the machine cannot run it, or a file is not the
     *     one the bundle lists
     */
    public static Path extract(String name) {
        Objects.requireNonNull(name, "name");
        ClassLoader loader = CALLER.getCallerClass().getClassLoader();
        return RelaxBundleFiles.extract(name, loader == null ? ClassLoader.getSystemClassLoader()
                : loader);
    }
}

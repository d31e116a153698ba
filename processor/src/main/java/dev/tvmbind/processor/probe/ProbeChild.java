package dev.tvmbind.processor.probe;

import com.google.gson.Gson;
import dev.tvmbind.DType;
import dev.tvmbind.check.tvm.LibraryProbe;
import dev.tvmbind.contract.RelaxLibraryFacts;
import dev.tvmbind.runtime.relax.RelaxModule;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * How this JVM (javac's, or the command line's: a JDK 22+) starts the child that reads a Relax
 * library: its own {@code java}, the places {@link RelaxProbe} and what it uses were loaded from
 * (the processor jar alone, once shaded), TVM's runtime where {@code -Dtvmbind.tvmRuntime} or
 * {@code runtime} names it, and its libtvm_ffi where {@code runtime} holds one or
 * {@code -Dtvmbind.tvmFfi} names it (else the child looks where the runtime looks:
 * {@code TVMBIND_TVM_RUNTIME}, {@code TVMBIND_TVM_FFI}), and {@code -Dtvmbind.probeTimeout}
 * seconds (60 by default).
 */
public final class ProbeChild {
    private ProbeChild() {}

    /** The child, TVM's runtime at {@code runtime} if given. */
    public static LibraryProbe.Child of(Optional<String> runtime) {
        Set<Path> classpath = new LinkedHashSet<>();
        Stream.of(RelaxProbe.class, RelaxModule.class, RelaxLibraryFacts.class, DType.class,
                Gson.class).forEach(c -> classpath.add(location(c)));
        Map<String, String> properties = new LinkedHashMap<>();
        runtime.or(() -> Optional.ofNullable(System.getProperty("tvmbind.tvmRuntime")))
                .ifPresent(r -> properties.put("tvmbind.tvmRuntime", r));
        // apache-tvm's site-packages holds apache-tvm-ffi's libtvm_ffi too: a tvm-ffi library
        // given it is read with that runtime.
        runtime.filter(r -> Files.isRegularFile(Path.of(r, "tvm_ffi", "lib", "libtvm_ffi.so")))
                .or(() -> Optional.ofNullable(System.getProperty("tvmbind.tvmFfi")))
                .ifPresent(r -> properties.put("tvmbind.tvmFfi", r));
        return new LibraryProbe.Child(Path.of(System.getProperty("java.home"), "bin",
                "java"), List.copyOf(classpath), Duration.ofSeconds(Long.getLong(
                        "tvmbind.probeTimeout", 60)), properties);
    }

    private static Path location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot tell where " + type.getName() + " was loaded"
                    + " from", e);
        }
    }
}

package dev.tvmbind.processor.probe;

import com.google.gson.Gson;
import dev.tvmbind.DType;
import dev.tvmbind.check.tvm.RelaxLibraryReader;
import dev.tvmbind.contract.RelaxLibraryFacts;
import dev.tvmbind.runtime.relax.RelaxModule;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
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
 * {@code runtime} names it (else the child looks where the runtime looks:
 * {@code TVMBIND_TVM_RUNTIME}), and {@code -Dtvmbind.probeTimeout} seconds (60 by default).
 */
public final class ProbeChild {
    private ProbeChild() {}

    /** The child, TVM's runtime at {@code runtime} if given. */
    public static RelaxLibraryReader.Child of(Optional<String> runtime) {
        Set<Path> classpath = new LinkedHashSet<>();
        Stream.of(RelaxProbe.class, RelaxModule.class, RelaxLibraryFacts.class, DType.class,
                Gson.class).forEach(c -> classpath.add(location(c)));
        Optional<String> tvmRuntime = runtime.or(() -> Optional.ofNullable(
                System.getProperty("tvmbind.tvmRuntime")));
        return new RelaxLibraryReader.Child(Path.of(System.getProperty("java.home"), "bin",
                "java"), List.copyOf(classpath), Duration.ofSeconds(Long.getLong(
                        "tvmbind.probeTimeout", 60)),
                tvmRuntime.map(r -> Map.of("tvmbind.tvmRuntime", r)).orElse(Map.of()));
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

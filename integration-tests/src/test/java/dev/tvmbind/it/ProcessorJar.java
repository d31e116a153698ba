package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.TvmModel;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The processor jar's command line in a JVM of its own, and what applications compile against. */
final class ProcessorJar {
    private ProcessorJar() {}

    /** A command's exit status and what it printed (both streams). */
    record Run(int status, String output) {}

    /** {@code java [options] -jar tvmbind-processor.jar args…}, two minutes at most. */
    static Run run(List<String> options, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(ChildJvm.java()));
        command.addAll(options);
        command.addAll(List.of("-jar", path().toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(),
                StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), output);
        return new Run(process.exitValue(), output);
    }

    /** The jar, as the build made it. */
    static Path path() throws Exception {
        // By name: a compile-time reference would make javac read the processor's annotations.
        Class<?> processor = Class.forName("dev.tvmbind.processor.TvmBindProcessor");
        return Path.of(processor.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** The runtime and what it requires: what an application compiles against and runs on. */
    static String runtimeClassPath() throws Exception {
        return String.join(File.pathSeparator, location(TvmModel.class),
                location(dev.tvmbind.contract.CNames.class),
                location(dev.tvmbind.runtime.TvmLibrary.class),
                location(com.google.gson.Gson.class));
    }

    private static String location(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
    }
}

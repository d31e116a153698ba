package dev.tvmbind.check.tvm;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import dev.tvmbind.contract.RelaxLibraryFacts;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Reads a shared library in a child JVM (a probe of the processor jar, on a JDK 22+): the library
 * is loaded there, never in the JVM that builds, within a time limit and with its output bounded.
 * A child that crashes, hangs or prints too much is one {@link UnreadableOutputException} naming
 * what happened. A Relax library's {@link RelaxLibraryFacts} ({@code RelaxProbe}, {@link
 * #relaxFacts}); a tvm-ffi library's metadata ({@code FfiProbe}, through {@link #run}).
 */
public final class LibraryProbe {
    /** The Relax probe's class, in the processor jar. */
    public static final String RELAX_PROBE = "dev.tvmbind.processor.probe.RelaxProbe";
    /** More output than this is not read: a library's text is ~1 KB a function. */
    private static final int MAX_OUTPUT = 16 << 20;
    /** The child's messages: the first lines say why (TVM's error, the JVM's crash report). */
    private static final int STDERR_HEAD = 4096;

    /**
     * How to start the child.
     *
     * @param java the {@code java} of a JDK 22+
     * @param classpath where the probe and the runtime are (the processor jar holds both)
     * @param timeout how long the child may take
     * @param properties system properties passed on ({@code tvmbind.tvmRuntime})
     */
    public record Child(Path java, List<Path> classpath, Duration timeout,
            Map<String, String> properties) {
        public Child {
            classpath = List.copyOf(classpath);
            properties = Map.copyOf(properties);
        }

        /**
         * A child run by {@code java} (a JDK 22+'s) with the probe from where {@code loader} finds
         * it (the processor jar, which holds the runtime too): for a build tool's JVM, which may
         * be a JDK 17.
         *
         * @param runtime where TVM's runtime is ({@code tvmbind.tvmRuntime}), if said
         * @throws IllegalStateException when the loader has no processor jar
         */
        public static Child of(Path java, ClassLoader loader, Optional<String> runtime) {
            String resource = RELAX_PROBE.replace('.', '/') + ".class";
            URL url = loader.getResource(resource);
            if (url == null || !url.getProtocol().equals("jar")) {
                throw new IllegalStateException("the processor jar (" + resource + ") is not on"
                        + " the class path of the build's check");
            }
            String jar = url.getPath().substring(0, url.getPath().indexOf("!/"));
            return new Child(java, List.of(Path.of(
                    URI.create(jar))), Duration.ofSeconds(Long.getLong(
                            "tvmbind.probeTimeout", 60)), runtime.map(r -> Map.of(
                                    "tvmbind.tvmRuntime", r)).orElse(Map.of()));
        }
    }

    private LibraryProbe() {}

    /**
     * The facts of {@code library}, read by a child.
     *
     * @throws UnreadableOutputException naming the cause: the child's own message (TVM's runtime
     *     not found, TVM's refusal), a crash, the time limit, too much output
     */
    public static RelaxLibraryFacts relaxFacts(Path library, Child child)
            throws UnreadableOutputException {
        return parse(run(library, child, RELAX_PROBE, List.of()));
    }

    /**
     * What a probe printed about {@code library}: the processor jar's main class {@code probe}
     * run in a child with the library's path and {@code args}, as {@link #relaxFacts} runs it.
     *
     * @throws UnreadableOutputException as {@link #relaxFacts}
     */
    public static String run(Path library, Child child, String probe, List<String> args)
            throws UnreadableOutputException {
        List<String> command = new ArrayList<>(List.of(child.java().toString(),
                "--enable-native-access=ALL-UNNAMED", "-Xmx512m", "-XX:+UseSerialGC",
                // A library that crashes the child leaves no report or core in the build's
                // folder: the report goes to the temporary directory.
                "-XX:-CreateCoredumpOnCrash", "-XX:ErrorFile=" + Path.of(System.getProperty(
                        "java.io.tmpdir"), "tvmbind-probe-hs_err_pid%p.log"), "-cp", String.join(File.pathSeparator, child.classpath().stream()
                        .map(Path::toString).toList())));
        child.properties().forEach((k, v) -> command.add("-D" + k + "=" + v));
        command.add(probe);
        command.add(library.toAbsolutePath().toString());
        command.addAll(args);
        Process process = null;
        try {
            process = new ProcessBuilder(command)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            Thread reader = reader(process.getInputStream(), out, MAX_OUTPUT + 1);
            Thread errors = reader(process.getErrorStream(), err, STDERR_HEAD);
            if (!process.waitFor(child.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
                throw new UnreadableOutputException("the JVM that loads it did not finish within "
                        + child.timeout().toSeconds() + " s (a constructor of the library that"
                        + " does not return?), and was stopped");
            }
            reader.join(child.timeout().toMillis());
            errors.join(child.timeout().toMillis());
            if (size(out) > MAX_OUTPUT) {
                throw new UnreadableOutputException("the JVM that loads it printed more than "
                        + MAX_OUTPUT + " bytes");
            }
            if (process.exitValue() != 0) {
                throw new UnreadableOutputException("the JVM that loads it ended with status "
                        + process.exitValue() + (process.exitValue() > 128 ? " (signal "
                                + (process.exitValue() - 128) + ": the library crashed it)" : "")
                        + ": " + head(err));
            }
            synchronized (out) {
                return out.toString(StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UnreadableOutputException("cannot start the JVM that loads it ("
                    + child.java() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UnreadableOutputException("interrupted while the JVM that loads it ran");
        } finally {
            if (process != null) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        }
    }

    /** Reads a stream of the child on a thread of its own, keeping its first {@code keep} bytes. */
    private static Thread reader(InputStream in, ByteArrayOutputStream out, int keep) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try (in) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    synchronized (out) {
                        out.write(buffer, 0, Math.max(0, Math.min(n, keep - out.size())));
                    }
                }
            } catch (IOException e) {
                // The child ended or was stopped: what was read is judged as it is.
            }
        }, "tvmbind-probe-reader");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** The facts, from the probe's line. */
    static RelaxLibraryFacts parse(String output) throws UnreadableOutputException {
        try {
            JsonObject json = JsonParser.parseString(output).getAsJsonObject();
            Optional<Set<String>> names = Optional.empty();
            if (json.has("names")) {
                Set<String> all = new LinkedHashSet<>();
                json.getAsJsonArray("names").forEach(n -> all.add(n.getAsString()));
                names = Optional.of(all);
            }
            Map<String, List<String>> parameters = new LinkedHashMap<>();
            for (JsonElement element : json.getAsJsonArray("functions")) {
                JsonObject function = element.getAsJsonObject();
                List<String> names0 = new ArrayList<>();
                JsonArray list = function.getAsJsonArray("parameters");
                list.forEach(p -> names0.add(p.getAsString()));
                parameters.put(function.get("name").getAsString(), names0);
            }
            return RelaxLibraryFacts.of(names, parameters, json.get("stats").getAsString());
        } catch (JsonParseException | IllegalStateException | NullPointerException
                | UnsupportedOperationException e) {
            throw new UnreadableOutputException("the JVM that loads it printed no facts tvmbind"
                    + " reads", e);
        }
    }

    private static int size(ByteArrayOutputStream out) {
        synchronized (out) {
            return out.size();
        }
    }

    private static String head(ByteArrayOutputStream err) {
        synchronized (err) {
            String text = err.toString(StandardCharsets.UTF_8).strip();
            return text.isEmpty() ? "it printed nothing" : text;
        }
    }
}

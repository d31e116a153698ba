package dev.tvmbind.maven;

import dev.tvmbind.check.CheckMessage;
import dev.tvmbind.check.Finding;
import dev.tvmbind.check.tvm.MlfLimits;
import dev.tvmbind.check.tvm.MlfUnpacker;
import dev.tvmbind.check.tvm.TvmModelOutput;
import dev.tvmbind.check.tvm.TvmOutputReader;
import dev.tvmbind.check.tvm.UnreadableOutputException;
import dev.tvmbind.contract.Platform;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Builds every model of a TVM output into a shared library for the platform the build runs on,
 * {@code native/<os>-<arch>/lib<model>.so} under a class output, where
 * {@code ClassPathLibrary} finds it: TVM's generated C with the flags TVM's releases need (the
 * portable DSP intrinsics, {@code -Wno-incompatible-pointer-types} for TVM 0.11–0.15's
 * {@code &global_workspace}), and the platform functions where the C allocates its workspace
 * through them. A library whose inputs did not change is not rebuilt.
 *
 * @param compiler the C compiler's command, e.g. {@code cc}
 * @param work a directory of the build's own (the unpacked tar, the platform files, what each
 *     library was built from)
 * @param log where to say what was built or found up to date
 */
record NativeBuild(String compiler, Path work, Consumer<String> log) {
    /** The files of {@code platform/} this jar carries, as resources under this folder. */
    private static final String PLATFORM = "dev/tvmbind/maven/platform/";

    /** Why a build failed, said in one message. */
    static final class Failure extends Exception {
        Failure(String message) {
            super(message);
        }
    }

    /**
     * @param output TVM's output: an MLF directory or tar
     * @param classes the class output; the libraries go under {@code native/<platform>/}
     * @return the libraries, built or up to date
     */
    List<Path> build(Path output, Path classes) throws Failure, IOException {
        // Read as the check reads it, so that what is wrong is said of the user's file.
        TvmOutputReader.Result read = TvmOutputReader.read(output.toString());
        for (Finding finding : read.problems()) {
            if (finding.isError()) {
                throw new Failure(finding.text());
            }
        }
        if (read.models().isEmpty()) {
            throw new Failure(output + " holds no model with TVM's C interface");
        }
        Path tree;
        try {
            tree = MlfUnpacker.tree(output, work.resolve("mlf"));
        } catch (UnreadableOutputException e) {
            throw new Failure(CheckMessage.TVM_OUTPUT_UNREADABLE.text(output, e.getMessage()));
        }
        Path platform = platformFiles();
        List<Path> built = new ArrayList<>();
        for (TvmModelOutput model : read.models().values()) {
            built.add(buildModel(model, output, tree, platform,
                    classes.resolve("native").resolve(Platform.current())));
        }
        return built;
    }

    private Path buildModel(TvmModelOutput model, Path output, Path tree, Path platform,
            Path dir) throws Failure, IOException {
        Path library = dir.resolve(System.mapLibraryName(model.module()));
        List<String> command = new ArrayList<>(List.of(compiler, "-O2", "-shared", "-fPIC",
                "-Wno-incompatible-pointer-types",
                "-I", tree.resolve("codegen/host/include").toString(),
                "-I", tree.resolve("runtime/include").toString(),
                "-I", platform.resolve("acle").toString(),
                "-o", library.toString()));
        List<String> sources = sources(tree, model.module());
        command.addAll(sources);
        if (model.code().allocatesWorkspace()) {
            long arena = model.workspaceSize().orElseThrow(() -> new Failure("model "
                    + model.namespace() + " allocates its workspace through the platform, but"
                    + " its output records no workspace size to give it"));
            command.add("-DTVMBIND_ARENA_SIZE=" + arena);
            command.add(platform.resolve("tvmbind_platform.c").toString());
        }
        command.add("-lm");
        Path stamp = work.resolve(model.module() + ".inputs");
        String inputs;
        try {
            inputs = fingerprint(command, tree, platform);
        } catch (UnreadableOutputException e) {
            throw new Failure(CheckMessage.TVM_OUTPUT_UNREADABLE.text(output, e.getMessage()));
        }
        if (Files.isRegularFile(library) && Files.isRegularFile(stamp)
                && Files.readString(stamp).equals(inputs)) {
            log.accept("tvmbind: " + library + " is up to date");
            return library;
        }
        Files.createDirectories(dir);
        compile(command);
        Files.writeString(stamp, inputs);
        log.accept("tvmbind: built " + library + " from the C TVM generated for "
                + model.namespace() + " in " + output + " (" + sources.size() + " files of"
                + " codegen/host/src)");
        return library;
    }

    /** The model's C: {@code <module>_lib*.c}, as TVM names it. */
    private static List<String> sources(Path tree, String module) throws IOException {
        try (Stream<Path> files = Files.list(tree.resolve("codegen/host/src"))) {
            return files.filter(f -> f.getFileName().toString().startsWith(module + "_lib")
                            && f.toString().endsWith(".c"))
                    .sorted().map(Path::toString).toList();
        }
    }

    /** How long the compiler may take for one model before the build gives up on it. */
    static final long COMPILE_MINUTES = 10;

    /**
     * Runs the compiler with its output in a file of the work directory (a pipe read before
     * waiting would block for ever on a compiler that hangs without closing it), waiting a
     * bounded time; a failure quotes the output's last lines.
     */
    private void compile(List<String> command) throws Failure, IOException {
        Files.createDirectories(work);
        Path output = work.resolve("cc-output.txt");
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(output.toFile()).start();
        } catch (IOException e) {
            throw new Failure("no C compiler: '" + compiler + "' cannot be run (" + e.getMessage()
                    + "); install one (Debian: apt-get install gcc) or name it with CC");
        }
        try {
            if (!process.waitFor(COMPILE_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new Failure("the C compiler did not finish in " + COMPILE_MINUTES
                        + " minutes on TVM's C: " + String.join(" ", command) + "\n" + tail(output));
            }
            if (process.exitValue() != 0) {
                throw new Failure("the C compiler failed on TVM's C: " + String.join(" ", command)
                        + "\n" + tail(output));
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new Failure("interrupted while compiling TVM's C");
        }
    }

    /** The compiler's last 64 lines: the errors, without megabytes of warnings before them. */
    private static String tail(Path output) throws IOException {
        List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 64), lines.size()));
    }

    /** The platform files this jar carries, written under the work directory. */
    private Path platformFiles() throws IOException {
        Path dir = work.resolve("platform");
        for (String file : List.of("tvmbind_platform.c", "acle/arm_acle.h",
                "acle/arm_nnsupportfunctions.h")) {
            try (InputStream in = NativeBuild.class.getClassLoader()
                    .getResourceAsStream(PLATFORM + file)) {
                Path target = dir.resolve(file);
                Files.createDirectories(target.getParent());
                Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return dir;
    }

    /**
     * The command and every file it reads: what the library is built from. Streamed, and under
     * the check's limits, so that a file claiming gigabytes (a sparse header) is refused before
     * any of it is read.
     */
    private static String fingerprint(List<String> command, Path tree, Path platform)
            throws IOException, UnreadableOutputException {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(String.join("\n", command).getBytes(StandardCharsets.UTF_8));
            long total = 0;
            for (Path root : List.of(tree.resolve("codegen"), tree.resolve("runtime/include"), platform)) {
                if (!Files.isDirectory(root)) {
                    continue;
                }
                List<Path> inputs;
                try (Stream<Path> files = Files.walk(root)) {
                    inputs = files.filter(Files::isRegularFile).sorted().toList();
                }
                for (Path file : inputs) {
                    long size = Files.size(file);
                    total += size;
                    MlfLimits.check(file.toString(), size, total);
                    digest.update(file.toString().getBytes(StandardCharsets.UTF_8));
                    try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
                        in.transferTo(OutputStream.nullOutputStream());
                    }
                }
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}

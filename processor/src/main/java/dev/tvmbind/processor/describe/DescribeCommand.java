package dev.tvmbind.processor.describe;

import dev.tvmbind.check.Finding;
import dev.tvmbind.check.tvm.SharedLibraryKind;
import dev.tvmbind.check.tvm.TvmModelOutput;
import dev.tvmbind.check.tvm.TvmOutputReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.SourceVersion;

/**
 * {@code describe PATH [--package P] [--out DIR]}: one annotated interface per model of a TVM
 * output, printed, or written under {@code DIR} where no file of that name exists yet.
 */
public final class DescribeCommand {
    static final String USAGE = """
            usage: java -jar tvmbind-processor.jar describe PATH [--package P] [--out DIR]
                                                 [--tvm-runtime DIR] [--signature FILE]
              PATH  TVM's output: a Model Library Format directory or .tar, a TVM header, or a
                    Relax library (.so, export_library's)
              --package P  the interfaces' package (default: none)
              --out DIR    write each interface under DIR (an existing file is skipped, never
                           overwritten); without it, print them
              --tvm-runtime DIR  where TVM's runtime is, for a Relax library: the wheel's
                           site-packages, its lib folder or libtvm_runtime.so (default:
                           TVMBIND_TVM_RUNTIME, or -Dtvmbind.tvmRuntime)
              --signature FILE   for a Relax library: the signature the README's export
                           snippet writes (results the library does not keep), compared with the
                           library's parameters""";

    private DescribeCommand() {}

    /**
     * Runs the command.
     *
     * @return the exit status: 0, or 2 for bad arguments or an unreadable output
     */
    public static int run(List<String> args, PrintStream out, PrintStream err) {
        String path = null;
        String packageName = "";
        Path dir = null;
        String runtime = null;
        String signature = null;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (List.of("--package", "--out", "--tvm-runtime", "--signature").contains(arg)
                    && i + 1 < args.size()) {
                switch (arg) {
                    case "--package" -> packageName = args.get(++i);
                    case "--out" -> dir = Path.of(args.get(++i));
                    case "--signature" -> signature = args.get(++i);
                    default -> runtime = args.get(++i);
                }
            } else if (arg.equals("--help") || arg.equals("-h")) {
                out.println(USAGE);
                return 0;
            } else if (path == null && !arg.startsWith("-")) {
                path = arg;
            } else {
                err.println("tvmbind describe: unexpected argument '" + arg + "'\n" + USAGE);
                return 2;
            }
        }
        if (path == null) {
            err.println("tvmbind describe: which TVM output?\n" + USAGE);
            return 2;
        }
        if (!packageName.isEmpty() && !SourceVersion.isName(packageName)) {
            err.println("tvmbind describe: '" + packageName + "' is not a Java package name");
            return 2;
        }
        Path file = Path.of(path);
        if (Files.isRegularFile(file) && SharedLibraryKind.isElf(file)) {
            Optional<List<Source>> relax = LibraryDescribe.describe(file, path, packageName,
                    Optional.ofNullable(runtime), Optional.ofNullable(signature).map(Path::of),
                    err);
            return relax.isEmpty() ? 2 : dir == null ? print(relax.get(), out)
                    : write(relax.get(), dir, out, err);
        }
        if (signature != null) {
            err.println("tvmbind describe: --signature is for a Relax library (.so); " + path
                    + " is not one");
            return 2;
        }
        TvmOutputReader.Result read = TvmOutputReader.read(path);
        for (Finding finding : read.problems()) {
            // An unreadable file is fatal; a warning (Relay text that cannot be read) is said.
            err.println("tvmbind describe: " + finding.text());
            if (finding.isError()) {
                return 2;
            }
        }
        if (read.models().isEmpty()) {
            err.println("tvmbind describe: " + path + " holds no model with a C interface header"
                    + (read.headerless().isEmpty() ? ""
                            : " (looked for " + String.join(", ", read.headerless().values()) + ")"));
            return 2;
        }
        List<Source> files = new ArrayList<>();
        for (TvmModelOutput model : read.models().values()) {
            files.add(Source.of(InterfaceWriter.write(model, packageName)));
        }
        return dir == null ? print(files, out) : write(files, dir, out, err);
    }

    private static int print(List<Source> files, PrintStream out) {
        for (Source file : files) {
            out.print(file.text());
        }
        return 0;
    }

    private static int write(List<Source> files, Path dir, PrintStream out, PrintStream err) {
        for (Source file : files) {
            Path target = dir.resolve(file.packageName().replace('.', '/'))
                    .resolve(file.simpleName() + ".java");
            if (Files.exists(target)) {
                out.println("skipped " + target + ": it exists (describe never overwrites a file)");
                continue;
            }
            try {
                Files.createDirectories(target.getParent());
                Files.writeString(target, file.text());
                out.println("wrote " + target);
            } catch (IOException e) {
                err.println("tvmbind describe: cannot write " + target + ": " + e.getMessage());
                return 2;
            }
        }
        return 0;
    }
}

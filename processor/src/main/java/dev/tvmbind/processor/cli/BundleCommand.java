package dev.tvmbind.processor.cli;

import dev.tvmbind.check.tvm.RelaxBundleWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code bundle model.so --tvm-runtime DIR --out CLASSES [--name N] [--cuda]}: the Maven goal
 * {@code relax-bundle} for any build tool: the model and TVM's runtime under {@code
 * CLASSES/native/<os>-<arch>/relax/<name>/}, with their sha256, for {@code RelaxBundle.extract}.
 */
final class BundleCommand {
    static final String USAGE = """
            usage: java -jar tvmbind-processor.jar bundle MODEL.so --tvm-runtime DIR --out CLASSES
                                                      [--name N] [--cuda]
              MODEL.so           the Relax library export_library wrote
              --tvm-runtime DIR  apache-tvm's site-packages (apache-tvm-ffi beside it), or a
                                 folder holding libtvm_ffi.so, libtvm_runtime.so and
                                 libtvm_runtime_extra.so (default: TVMBIND_TVM_RUNTIME)
              --out CLASSES      the class output the jar is made from
              --name N           the bundle's name for RelaxBundle.extract (default: the file's
                                 name without .so)
              --cuda             also libtvm_runtime_cuda.so
            exit status: 0, or 2 for bad arguments or files""";

    private BundleCommand() {}

    static int run(List<String> args, PrintStream out, PrintStream err) {
        String library = null;
        String runtime = System.getenv("TVMBIND_TVM_RUNTIME");
        String classes = null;
        String name = null;
        boolean cuda = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            boolean valued = i + 1 < args.size();
            switch (arg) {
                case "--tvm-runtime" -> runtime = valued ? args.get(++i) : null;
                case "--out" -> classes = valued ? args.get(++i) : null;
                case "--name" -> name = valued ? args.get(++i) : null;
                case "--cuda" -> cuda = true;
                case "--help", "-h" -> {
                    out.println(USAGE);
                    return 0;
                }
                default -> {
                    if (arg.startsWith("-") || library != null) {
                        err.println("tvmbind bundle: unexpected argument '" + arg + "'\n" + USAGE);
                        return 2;
                    }
                    library = arg;
                }
            }
        }
        if (library == null || runtime == null || classes == null) {
            err.println("tvmbind bundle: " + (library == null ? "which model?" : runtime == null
                    ? "where is TVM's runtime (--tvm-runtime)?" : "where do the classes go (--out)?")
                    + "\n" + USAGE);
            return 2;
        }
        try {
            RelaxBundleWriter bundle = RelaxBundleWriter.of(Path.of(library), Path.of(runtime), cuda);
            Path folder = bundle.write(Path.of(classes), name != null ? name
                    : RelaxBundleWriter.stem(Path.of(library)), out::println);
            out.println("wrote " + folder);
            return 0;
        } catch (RelaxBundleWriter.Failure | IOException e) {
            err.println("tvmbind bundle: " + e.getMessage());
            return 2;
        }
    }
}

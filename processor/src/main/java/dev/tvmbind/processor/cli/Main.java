package dev.tvmbind.processor.cli;

import com.google.auto.service.AutoService;
import dev.tvmbind.contract.ProcessorCommandLine;
import dev.tvmbind.processor.describe.DescribeCommand;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/**
 * {@code java -jar tvmbind-processor.jar COMMAND …}: the processor jar's command line, for what
 * happens outside javac. Also the {@link ProcessorCommandLine} service the Maven plugin's
 * {@code describe} goal runs.
 */
@AutoService(ProcessorCommandLine.class)
public final class Main implements ProcessorCommandLine {
    private static final String USAGE = """
            usage: java -jar tvmbind-processor.jar COMMAND [ARGS]
              describe PATH [--package P] [--out DIR]
                  write the annotated interface of every model of a TVM output
              check --classes DIR [PATH...]
                  compare every model javac checked with TVM's output as it is now
              bundle MODEL.so --tvm-runtime DIR --out CLASSES [--name N] [--cuda]
                  put a Relax model and TVM's runtime into the classes, for RelaxBundle
            run a command with --help for its arguments""";

    /** For the service loader; {@link #main} and {@link #runCommand} need no instance. */
    public Main() {}

    public static void main(String[] args) {
        System.exit(runCommand(Arrays.asList(args), System.out, System.err));
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        return runCommand(args, out, err);
    }

    /** Runs a command; returns its exit status (2 for bad arguments or input). */
    public static int runCommand(List<String> args, PrintStream out, PrintStream err) {
        if (args.isEmpty() || args.getFirst().equals("--help") || args.getFirst().equals("-h")) {
            (args.isEmpty() ? err : out).println(USAGE);
            return args.isEmpty() ? 2 : 0;
        }
        List<String> rest = args.subList(1, args.size());
        return switch (args.getFirst()) {
            case "describe" -> DescribeCommand.run(rest, out, err);
            case "check" -> CheckCommand.run(rest, out, err);
            case "bundle" -> BundleCommand.run(rest, out, err);
            default -> {
                err.println("tvmbind: unknown command '" + args.getFirst() + "'\n" + USAGE);
                yield 2;
            }
        };
    }
}

package dev.tvmbind.processor.cli;

import dev.tvmbind.check.RecordedChecks;
import dev.tvmbind.processor.probe.ProbeChild;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code check --classes DIR [PATH…]}: the Maven goal's check for any build tool. Every model
 * javac checked, as recorded under {@code DIR}, compared with TVM's output as it is now.
 */
final class CheckCommand {
    static final String USAGE = """
            usage: java -jar tvmbind-processor.jar check --classes DIR [PATH...]
              --classes DIR  the class output javac wrote (e.g. build/classes/java/main), where the
                             processor recorded what it checked (META-INF/tvmbind/checked/)
              PATH           TVM outputs to compare with instead of the recorded ones
            exit status: 0 when every model agrees, 1 on a difference, 2 for bad arguments""";

    private CheckCommand() {}

    static int run(List<String> args, PrintStream out, PrintStream err) {
        Path classes = null;
        List<String> outputs = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals("--classes") && i + 1 < args.size()) {
                classes = Path.of(args.get(++i));
            } else if (arg.equals("--help") || arg.equals("-h")) {
                out.println(USAGE);
                return 0;
            } else if (!arg.startsWith("-")) {
                outputs.add(arg);
            } else {
                err.println("tvmbind check: unknown argument '" + arg + "'\n" + USAGE);
                return 2;
            }
        }
        if (classes == null || !Files.isDirectory(classes)) {
            err.println("tvmbind check: " + (classes == null ? "which class output?"
                    : classes + " is not a directory") + "\n" + USAGE);
            return 2;
        }
        List<RecordedChecks.Outcome> outcomes;
        try {
            outcomes = RecordedChecks.check(classes, outputs.isEmpty() ? Optional.empty()
                    : Optional.of(String.join(File.pathSeparator, outputs)),
                    Optional.of(ProbeChild.of(Optional.empty())));
        } catch (IOException e) {
            err.println("tvmbind check: cannot list the records in " + classes + ": " + e);
            return 2;
        }
        int errors = 0;
        for (RecordedChecks.Outcome outcome : outcomes) {
            outcome.warnings().forEach(w -> err.println("warning: " + w));
            outcome.errors().forEach(e -> err.println("error: " + e));
            errors += outcome.errors().size();
        }
        out.println(RecordedChecks.summary(outcomes));
        return errors == 0 ? 0 : 1;
    }
}

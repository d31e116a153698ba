package dev.tvmbind.processor.validate;

import dev.tvmbind.contract.NearestNames;
import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.Site;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The rules of the processor's {@code -A} options (README's option table): each value as the
 * option needs it, or a problem saying what to write; an option tvmbind does not know is a
 * warning naming the nearest it does.
 */
public final class OptionRules {
    private OptionRules() {}

    /** A warning for each {@code tvmbind.} option that is not one of {@code known}. */
    public static List<Problem> unknown(Set<String> given, Set<String> known) {
        return given.stream().filter(k -> k.startsWith("tvmbind.") && !known.contains(k)).sorted()
                .map(k -> Problem.of(Message.UNKNOWN_OPTION, Site.COMMAND_LINE, k,
                        closest(k, known), String.join(" ", new TreeSet<>(known))))
                .toList();
    }

    /** {@code true} or {@code false}; anything else is a problem, and false. */
    public static boolean strict(String option, String text, List<Problem> problems) {
        if (!text.equals("true") && !text.equals("false")) {
            problems.add(Problem.of(Message.INVALID_OPTION, Site.COMMAND_LINE, option, text,
                    "write true or false"));
        }
        return text.equals("true");
    }

    /** A whole number of characters, 0 or more; else a problem, and the default. */
    public static Optional<Integer> significantChars(String option, String text,
            List<Problem> problems) {
        try {
            int significant = Integer.parseInt(text.strip());
            if (significant >= 0) {
                return Optional.of(significant);
            }
        } catch (NumberFormatException e) {
            // said below
        }
        problems.add(Problem.of(Message.INVALID_OPTION, Site.COMMAND_LINE, option, text,
                "write a whole number of characters, or 0 to turn the check off"));
        return Optional.empty();
    }

    /** A path; an empty or invalid one is a problem. */
    public static Optional<Path> directory(String option, String dir, List<Problem> problems) {
        try {
            if (dir.isBlank()) {
                throw new InvalidPathException(dir, "the path is empty");
            }
            return Optional.of(Path.of(dir));
        } catch (InvalidPathException e) {
            problems.add(Problem.of(Message.INVALID_OPTION, Site.COMMAND_LINE, option, dir,
                    e.getMessage()));
            return Optional.empty();
        }
    }

    /** TVM outputs; an empty option is a problem. */
    public static Optional<String> tvmOutput(String option, String text, List<Problem> problems) {
        if (text.isBlank()) {
            problems.add(Problem.of(Message.INVALID_OPTION, Site.COMMAND_LINE, option, "",
                    "name a Model Library Format directory or tar, or a TVM header"));
            return Optional.empty();
        }
        return Optional.of(text);
    }

    /** The known option nearest to a mistyped one, by edit distance. */
    private static String closest(String option, Set<String> options) {
        return NearestNames.of(option, options, 1, Integer.MAX_VALUE).getFirst();
    }
}

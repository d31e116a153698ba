package dev.tvmbind.processor;

import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.NamePart;
import dev.tvmbind.processor.model.NamePart.Origin;
import dev.tvmbind.processor.model.Site;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code -A} options of the processor, parsed once per compilation.
 *
 * @param prefix the prefix of models that write none
 * @param strict whether warnings are errors
 * @param significantChars leading characters that must tell external names apart; 0 for no check
 * @param headerDir a directory to copy every header to, if given
 * @param tvmOutput the TVM outputs to check models against ({@code PATH[:PATH...]}), if given
 * @param problems what is wrong with the options, reported once, without an element
 */
record Options(NamePart prefix, boolean strict, int significantChars, Optional<Path> headerDir,
        Optional<String> tvmOutput, List<Problem> problems) {

    static final String PREFIX = "tvmbind.prefix";
    static final String STRICT = "tvmbind.strict";
    static final String SIGNIFICANT_CHARS = "tvmbind.significantChars";
    static final String HEADER_DIR = "tvmbind.headerDir";
    static final String TVM_OUTPUT = "tvmbind.tvmOutput";
    static final Set<String> ALL = Set.of(PREFIX, STRICT, SIGNIFICANT_CHARS, HEADER_DIR, TVM_OUTPUT);

    static final String DEFAULT_PREFIX = "tvmgen";
    static final int DEFAULT_SIGNIFICANT_CHARS = 31;

    /** The known option nearest to a mistyped one, by edit distance. */
    private static String closest(String option) {
        return ALL.stream().min(Comparator.comparingInt((String known) -> distance(option, known))
                .thenComparing(Comparator.naturalOrder())).orElseThrow();
    }

    /** Levenshtein distance, case-insensitive: {@code tvmbind.prefx} is 1 from {@code tvmbind.prefix}. */
    private static int distance(String a, String b) {
        String x = a.toLowerCase(Locale.ROOT);
        String y = b.toLowerCase(Locale.ROOT);
        int[] previous = new int[y.length() + 1];
        int[] current = new int[y.length() + 1];
        for (int j = 0; j <= y.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= x.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= y.length(); j++) {
                int substitution = previous[j - 1] + (x.charAt(i - 1) == y.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[y.length()];
    }

    static Options parse(Map<String, String> options) {
        List<Problem> problems = new ArrayList<>();
        options.keySet().stream().filter(k -> k.startsWith("tvmbind.") && !ALL.contains(k)).sorted()
                .forEach(k -> problems.add(Problem.of(Message.UNKNOWN_OPTION, Site.COMMAND_LINE, k,
                        closest(k), String.join(" ", new TreeSet<>(ALL)))));
        NamePart prefix = Optional.ofNullable(options.get(PREFIX))
                .map(p -> new NamePart(p, Origin.OPTION, Site.COMMAND_LINE))
                .orElse(new NamePart(DEFAULT_PREFIX, Origin.DEFAULT, Site.COMMAND_LINE));

        String strictText = options.getOrDefault(STRICT, "false");
        if (!strictText.equals("true") && !strictText.equals("false")) {
            problems.add(Problem.of(Message.INVALID_OPTION, Site.COMMAND_LINE, STRICT, strictText,
                    "write true or false"));
        }

        int significant = DEFAULT_SIGNIFICANT_CHARS;
        String significantText = options.get(SIGNIFICANT_CHARS);
        if (significantText != null) {
            try {
                significant = Integer.parseInt(significantText.strip());
                if (significant < 0) {
                    throw new NumberFormatException();
                }
            } catch (NumberFormatException e) {
                problems.add(Problem.of(Message.INVALID_OPTION, Site.COMMAND_LINE,
                        SIGNIFICANT_CHARS, significantText,
                        "write a whole number of characters, or 0 to turn the check off"));
                significant = DEFAULT_SIGNIFICANT_CHARS;
            }
        }

        Optional<Path> headerDir = Optional.empty();
        String dir = options.get(HEADER_DIR);
        if (dir != null) {
            try {
                if (dir.isBlank()) {
                    throw new InvalidPathException(dir, "the path is empty");
                }
                headerDir = Optional.of(Path.of(dir));
            } catch (InvalidPathException e) {
                problems.add(Problem.of(Message.INVALID_OPTION, Site.COMMAND_LINE, HEADER_DIR, dir,
                        e.getMessage()));
            }
        }
        Optional<String> tvmOutput = Optional.ofNullable(options.get(TVM_OUTPUT));
        if (tvmOutput.isPresent() && tvmOutput.get().isBlank()) {
            problems.add(Problem.of(Message.INVALID_OPTION, Site.COMMAND_LINE, TVM_OUTPUT, "",
                    "name a Model Library Format directory or tar, or a TVM header"));
        }
        return new Options(prefix, strictText.equals("true"), significant, headerDir,
                tvmOutput.filter(t -> !t.isBlank()), List.copyOf(problems));
    }
}

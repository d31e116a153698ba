package dev.tvmbind.processor;

import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.NamePart;
import dev.tvmbind.processor.model.NamePart.Origin;
import dev.tvmbind.processor.model.Site;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

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

    static Options parse(Map<String, String> options) {
        List<Problem> problems = new ArrayList<>();
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

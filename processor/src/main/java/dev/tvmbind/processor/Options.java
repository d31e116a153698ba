package dev.tvmbind.processor;

import dev.tvmbind.contract.CNames;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.NamePart.Origin;
import dev.tvmbind.processor.model.NamePart;
import dev.tvmbind.processor.model.Site;
import dev.tvmbind.processor.validate.OptionRules;
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
 * @param tvmRuntime where TVM's runtime is, for reading the Relax libraries among them, if given
 * @param problems what is wrong with the options, reported once, without an element
 */
record Options(NamePart prefix, boolean strict, int significantChars, Optional<Path> headerDir,
        Optional<String> tvmOutput, Optional<String> tvmRuntime, List<Problem> problems) {

    static final String PREFIX = "tvmbind.prefix";
    static final String STRICT = "tvmbind.strict";
    static final String SIGNIFICANT_CHARS = "tvmbind.significantChars";
    static final String HEADER_DIR = "tvmbind.headerDir";
    static final String TVM_OUTPUT = "tvmbind.tvmOutput";
    static final String TVM_RUNTIME = "tvmbind.tvmRuntime";
    static final Set<String> ALL = Set.of(PREFIX, STRICT, SIGNIFICANT_CHARS, HEADER_DIR, TVM_OUTPUT,
            TVM_RUNTIME);

    static final int DEFAULT_SIGNIFICANT_CHARS = 31;

    static Options parse(Map<String, String> options) {
        List<Problem> problems = new ArrayList<>(OptionRules.unknown(options.keySet(), ALL));
        NamePart prefix = Optional.ofNullable(options.get(PREFIX))
                .map(p -> new NamePart(p, Origin.OPTION, Site.COMMAND_LINE))
                .orElse(new NamePart(CNames.DEFAULT_PREFIX, Origin.DEFAULT, Site.COMMAND_LINE));
        boolean strict = OptionRules.strict(STRICT, options.getOrDefault(STRICT, "false"), problems);
        int significant = Optional.ofNullable(options.get(SIGNIFICANT_CHARS))
                .flatMap(text -> OptionRules.significantChars(SIGNIFICANT_CHARS, text, problems))
                .orElse(DEFAULT_SIGNIFICANT_CHARS);
        Optional<Path> headerDir = Optional.ofNullable(options.get(HEADER_DIR))
                .flatMap(dir -> OptionRules.directory(HEADER_DIR, dir, problems));
        Optional<String> tvmOutput = Optional.ofNullable(options.get(TVM_OUTPUT))
                .flatMap(text -> OptionRules.tvmOutput(TVM_OUTPUT, text, problems));
        return new Options(prefix, strict, significant, headerDir, tvmOutput,
                Optional.ofNullable(options.get(TVM_RUNTIME)), List.copyOf(problems));
    }
}

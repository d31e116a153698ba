package dev.tvmbind.maven;

import dev.tvmbind.check.RecordedChecks;
import java.util.List;

/**
 * What the recorded checks found, as the build prints it: each finding a line, and a summary
 * that says how many models were compared and what to do.
 *
 * @param errors the lines that fail the build
 * @param warnings the others
 * @param summary one line for the end of the goal
 */
record Report(List<String> errors, List<String> warnings, String summary) {
    static Report of(List<RecordedChecks.Outcome> outcomes) {
        List<String> errors = outcomes.stream().flatMap(o -> o.errors().stream()).toList();
        List<String> warnings = outcomes.stream().flatMap(o -> o.warnings().stream()).toList();
        String models = outcomes.size() == 1 ? "1 model" : outcomes.size() + " models";
        String summary = errors.isEmpty()
                ? "tvmbind: " + models + (outcomes.size() == 1 ? " agrees" : " agree")
                        + " with TVM's output as it is now"
                : "tvmbind: " + errors.size() + (errors.size() == 1 ? " difference" : " differences")
                        + " between " + models + " and TVM's output as it is now (see above); the"
                        + " output changed since javac checked the interfaces: correct them, or"
                        + " restore the output";
        return new Report(errors, warnings, summary);
    }
}

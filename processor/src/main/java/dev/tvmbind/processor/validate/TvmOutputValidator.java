package dev.tvmbind.processor.validate;

import dev.tvmbind.check.Finding;
import dev.tvmbind.check.TvmOutputCheck;
import dev.tvmbind.check.tvm.TvmOutputReader;
import dev.tvmbind.contract.ModelContract;
import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.Role;
import dev.tvmbind.processor.model.Site;
import java.util.List;
import java.util.Optional;

/**
 * Compares a model with what TVM compiled for it, by the check component the Maven goal and the
 * command line run too ({@link TvmOutputCheck}), and places each finding on the element that
 * disagrees: the interface, its {@code reentrant}, the run entry point or one of its parameters.
 */
public final class TvmOutputValidator {
    private TvmOutputValidator() {}

    /**
     * @param contract the model's contract
     * @param ourHeader the header tvmbind writes for the model's tensor part in the style of the
     *     output's model of its namespace; empty when the output has none
     */
    public static List<Problem> validate(ModelSpec model, ModelContract contract,
            TvmOutputReader.Result output, Optional<String> ourHeader) {
        return TvmOutputCheck.check(contract, output, tvm -> ourHeader)
                .stream().map(f -> Problem.of(f, site(f, model))).toList();
    }

    /**
     * A model compiled with no TVM output at all: an error where the interface asks to be
     * checked ({@code checked = true}), since nothing would check it.
     */
    public static List<Problem> withoutOutput(ModelSpec model) {
        return model.checked()
                ? List.of(Problem.of(Message.TVM_OUTPUT_NOT_GIVEN, model.site(), model.qualifiedName(),
                        model.namespace()))
                : List.of();
    }

    private static Site site(Finding finding, ModelSpec model) {
        return switch (finding.place()) {
            case OUTPUT -> Site.COMMAND_LINE;
            case MODEL, FUNCTION, PARAMETER -> model.site();
            case REENTRANT -> model.reentrantSite();
            case RUN -> model.tensorEntryPoint().map(EntryPointSpec::site).orElse(model.site());
            case TENSOR -> model.tensorEntryPoint().orElseThrow()
                    .params(Role.of(finding.role())).get(finding.index()).site();
        };
    }
}

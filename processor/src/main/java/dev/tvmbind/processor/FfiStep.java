package dev.tvmbind.processor;

import dev.tvmbind.TvmFfi;
import dev.tvmbind.TvmRelax;
import dev.tvmbind.check.Finding;
import dev.tvmbind.check.RelaxOutputCheck;
import dev.tvmbind.contract.FfiFunctionContract;
import dev.tvmbind.contract.RelaxCheckRecord;
import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.diag.Reporter;
import dev.tvmbind.processor.generate.Generator;
import dev.tvmbind.processor.generate.java.FfiBindingParts;
import dev.tvmbind.processor.model.FfiSpec;
import dev.tvmbind.processor.model.Site;
import dev.tvmbind.processor.read.FfiReader;
import dev.tvmbind.processor.read.PendingTypes;
import dev.tvmbind.processor.validate.FfiRules;
import dev.tvmbind.processor.validate.HiddenNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * {@code @TvmFfi} and {@code @TvmRelax} interfaces: read ({@link FfiReader}), decided ({@link FfiRules}, and what the
 * binding could not name), rendered ({@link Generator#render(FfiSpec, Optional)}) and written,
 * header and binding together. A {@code @TvmRelax} interface is compared with the Relax library
 * of {@code -Atvmbind.tvmOutput} ({@link RelaxOutputCheck}) and the comparison recorded for the
 * build's check. An interface naming a type javac has not resolved yet (one another
 * processor generates) waits for a later round and is decided in the last.
 */
final class FfiStep implements ProcessingStep {
    private final Elements elements;
    private final Reporter reporter;
    private final Generator generator;
    /** The Relax libraries of {@code -Atvmbind.tvmOutput}, if any, read when first needed. */
    private final Optional<RelaxOutputCheck> relaxCheck;
    /** Whether the options were refused: then nothing is written. */
    private final boolean optionErrors;
    /** Each C++ header so far, and whose it is. */
    private final Map<String, String> headers = new HashMap<>();
    /** Interfaces read again in the next round, by name. */
    private Set<String> pending = new TreeSet<>();

    FfiStep(Elements elements, Reporter reporter, Generator generator,
            Optional<RelaxOutputCheck> relaxCheck, boolean optionErrors) {
        this.elements = elements;
        this.reporter = reporter;
        this.generator = generator;
        this.relaxCheck = relaxCheck;
        this.optionErrors = optionErrors;
    }

    @Override
    public boolean pending() {
        return !pending.isEmpty();
    }

    @Override
    public void process(RoundEnvironment round, Set<Element> described) {
        FfiReader reader = new FfiReader(elements);
        Set<TypeElement> types = new LinkedHashSet<>();
        round.getElementsAnnotatedWith(TvmFfi.class).forEach(e -> types.add((TypeElement) e));
        round.getElementsAnnotatedWith(TvmRelax.class).forEach(e -> types.add((TypeElement) e));
        pending.forEach(name -> types.add(elements.getTypeElement(name)));
        pending = new TreeSet<>();
        for (TypeElement type : types) {
            described.add(type);
            try {
                if (!round.processingOver() && PendingTypes.in(type, elements)) {
                    pending.add(type.getQualifiedName().toString());
                    continue;
                }
                boolean relax = type.getAnnotation(TvmRelax.class) != null;
                if (relax && type.getAnnotation(TvmFfi.class) != null) {
                    reporter.report(List.of(Problem.of(Message.RELAX_AND_FFI, Site.of(type),
                            type.getQualifiedName())), false);
                    continue;
                }
                generate(reader.read(type, relax), type);
            } catch (RuntimeException e) {
                reporter.internalError(Site.of(type), type.getQualifiedName(), e);
            }
        }
    }

    /** An interface's header and binding, when it reads and is decided without errors. */
    private void generate(FfiSpec spec, TypeElement origin) {
        List<Problem> problems = new ArrayList<>(FfiRules.validate(spec, headers));
        if (problems.stream().noneMatch(Problem::isError)) {
            problems.addAll(HiddenNames.problems(spec, FfiBindingParts.unreachable(spec)));
        }
        Optional<RelaxCheckRecord> record = Optional.empty();
        if (spec.relax() && relaxCheck.isPresent() && problems.stream().noneMatch(Problem::isError)) {
            List<FfiFunctionContract> contracts = spec.functions().stream()
                    .map(FfiSpec.Function::contract).toList();
            RelaxOutputCheck.Outcome outcome = relaxCheck.get().check(spec.binaryName(), contracts);
            outcome.findings().forEach(f -> problems.add(Problem.of(f, site(f, spec))));
            record = outcome.library().map(library -> new RelaxCheckRecord(spec.binaryName(),
                    contracts, library.toString(), relaxCheck.get().written(library)));
        }
        if (reporter.report(problems, false) || optionErrors) {
            return;
        }
        reporter.report(generator.write(Generator.render(spec, record), origin), false);
    }

    /** The method or parameter a finding of the Relax check is on. */
    private static Site site(Finding finding, FfiSpec spec) {
        return switch (finding.place()) {
            case FUNCTION -> spec.functions().get(finding.index()).site();
            case PARAMETER -> spec.functions().get(finding.index()).parameters()
                    .get(finding.parameter()).site();
            case OUTPUT -> Site.COMMAND_LINE;
            default -> spec.site();
        };
    }
}

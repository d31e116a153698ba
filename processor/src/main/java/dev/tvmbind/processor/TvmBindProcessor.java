package dev.tvmbind.processor;

import com.google.auto.service.AutoService;
import dev.tvmbind.EntryPoint;
import dev.tvmbind.Global;
import dev.tvmbind.Shape;
import dev.tvmbind.TvmFfi;
import dev.tvmbind.TvmRelax;
import dev.tvmbind.TvmModel;
import dev.tvmbind.check.RelaxOutputCheck;
import dev.tvmbind.check.tvm.TvmOutputReader;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.diag.Reporter;
import dev.tvmbind.processor.generate.Generator;
import dev.tvmbind.processor.generate.ProvidersFile;
import dev.tvmbind.processor.model.NamePart;
import dev.tvmbind.processor.model.Site;
import dev.tvmbind.processor.model.TensorAnnotations;
import dev.tvmbind.processor.probe.ProbeChild;
import dev.tvmbind.processor.validate.ModelValidator;
import dev.tvmbind.processor.validate.OrphanAnnotations;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * The entry class: runs each kind of description through its {@link ProcessingStep} (read,
 * decide, render, write), the steps listed once in {@link #init}, then checks that every
 * annotation of the DSL stands on something a step described. It never lets an exception escape
 * into javac.
 */
@AutoService(Processor.class)
public final class TvmBindProcessor extends AbstractProcessor {
    private Reporter reporter;
    private ProvidersFile providers;
    /** Every kind of description, in the order a round takes them. */
    private List<ProcessingStep> steps;

    @Override
    public synchronized void init(ProcessingEnvironment env) {
        super.init(env);
        Options options = Options.parse(env.getOptions());
        reporter = new Reporter(env.getMessager(), options.strict());
        Generator generator = new Generator(env.getFiler(), options.headerDir());
        providers = new ProvidersFile(env.getFiler(), env.getElementUtils());
        List<Problem> problems = new ArrayList<>(options.problems());
        if (options.prefix().origin() == NamePart.Origin.OPTION) {
            problems.addAll(ModelValidator.validatePrefixOption(options.prefix()));
        }
        // What -Atvmbind.tvmOutput holds, read once at the start.
        TvmOutputReader.Result tvmOutput = options.tvmOutput().map(TvmOutputReader::read)
                .orElse(TvmOutputReader.Result.empty());
        tvmOutput.problems().forEach(f -> problems.add(Problem.of(f, Site.COMMAND_LINE)));
        // Refused options: every step still reads and decides, and writes nothing.
        boolean optionErrors = reporter.report(problems, false);
        steps = List.of(
                new ModelStep(env.getElementUtils(), options, reporter, generator, providers,
                        tvmOutput, optionErrors),
                new FfiStep(env.getElementUtils(), reporter, generator, tvmOutput.libraries()
                        .isEmpty() ? Optional.empty() : Optional.of(new RelaxOutputCheck(
                                tvmOutput.libraries(), ProbeChild.of(options.tvmRuntime()))),
                        optionErrors));
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Stream.concat(Stream.of(TvmModel.class, TvmFfi.class, TvmRelax.class, EntryPoint.class,
                        Global.class, Shape.class),
                        TensorAnnotations.classes().stream())
                .map(Class::getName)
                .collect(Collectors.toUnmodifiableSet());
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public Set<String> getSupportedOptions() {
        return Options.ALL;
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        try {
            if (!annotations.isEmpty() || steps.stream().anyMatch(ProcessingStep::pending)) {
                Set<Element> described = new HashSet<>();
                for (ProcessingStep step : steps) {
                    step.process(round, described);
                }
                reporter.report(OrphanAnnotations.check(annotations, round, described), false);
            }
            // The last round carries no annotation; interfaces still pending are decided in it.
            if (annotations.isEmpty() && round.processingOver()) {
                reporter.report(providers.write(), false);
            }
            // Otherwise no element of the round carries the DSL (the round of the generated
            // bindings): nothing to read, and scanning every element to find that out is not free.
        } catch (RuntimeException e) {
            // Errors (out of memory, a stack overflow) are not ours to turn into a message:
            // javac stops, as it would for any processor.
            reporter.internalError(Site.COMMAND_LINE, "this compilation", e);
        }
        return false;
    }
}

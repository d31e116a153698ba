package dev.tvmbind.processor;

import dev.tvmbind.TvmModel;
import dev.tvmbind.check.tvm.HeaderStyle;
import dev.tvmbind.check.tvm.TvmModelOutput;
import dev.tvmbind.check.tvm.TvmOutputReader;
import dev.tvmbind.contract.ModelContract;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.diag.Reporter;
import dev.tvmbind.processor.generate.Generator;
import dev.tvmbind.processor.generate.ProvidersFile;
import dev.tvmbind.processor.generate.c.HeaderWriter;
import dev.tvmbind.processor.generate.java.BindingWriter;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.Site;
import dev.tvmbind.processor.read.ModelReader;
import dev.tvmbind.processor.read.PendingTypes;
import dev.tvmbind.processor.read.Supertypes;
import dev.tvmbind.processor.validate.CompilationValidator;
import dev.tvmbind.processor.validate.DeclarationValidator;
import dev.tvmbind.processor.validate.HiddenNames;
import dev.tvmbind.processor.validate.ModelValidator;
import dev.tvmbind.processor.validate.TvmOutputValidator;
import java.util.ArrayList;
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
 * {@code @TvmModel} interfaces: read ({@link ModelReader}), decided alone
 * ({@link DeclarationValidator}, {@link ModelValidator}, what the binding could not name), then
 * against every model of the compilation so far ({@link CompilationValidator}) and against TVM's
 * output when given, rendered ({@link Generator#render}) and written, header and binding
 * together, each model's provider recorded.
 */
final class ModelStep implements ProcessingStep {
    private final Elements elements;
    private final Options options;
    private final Reporter reporter;
    private final Generator generator;
    private final ProvidersFile providers;
    private final TvmOutputReader.Result tvmOutput;
    private final boolean optionErrors;
    /** Valid models of earlier rounds: later ones must not clash with them either. */
    private final List<ModelSpec> earlierModels = new ArrayList<>();
    /** Models waiting for a type a later round generates, by name. */
    private Set<String> pending = new TreeSet<>();

    ModelStep(Elements elements, Options options, Reporter reporter, Generator generator,
            ProvidersFile providers, TvmOutputReader.Result tvmOutput,
            boolean optionErrors) {
        this.elements = elements;
        this.options = options;
        this.reporter = reporter;
        this.generator = generator;
        this.providers = providers;
        this.tvmOutput = tvmOutput;
        this.optionErrors = optionErrors;
    }

    @Override
    public boolean pending() {
        return !pending.isEmpty();
    }

    @Override
    public void process(RoundEnvironment round, Set<Element> described) {
        List<ModelSpec> valid = read(round, described);
        List<ModelSpec> all = new ArrayList<>(earlierModels);
        all.addAll(valid);
        Map<ModelSpec, List<Problem>> crossProblems =
                CompilationValidator.validate(all, options.significantChars());
        // A model of an earlier round, already generated, gets the errors this round's models
        // cause on it (a clash is an error on both models); those among earlier models were
        // reported then.
        Map<ModelSpec, List<Problem>> reportedBefore =
                CompilationValidator.validate(earlierModels, options.significantChars());
        for (ModelSpec earlier : earlierModels) {
            List<Problem> caused = new ArrayList<>(crossProblems.get(earlier));
            caused.removeAll(reportedBefore.get(earlier));
            reporter.report(caused, earlier.warningsSuppressed());
        }
        for (ModelSpec model : valid) {
            generate(model, crossProblems.get(model));
        }
        earlierModels.addAll(valid);
    }

    /** This round's models that read and are decided alone without errors. */
    private List<ModelSpec> read(RoundEnvironment round, Set<Element> described) {
        List<ModelSpec> valid = new ArrayList<>();
        ModelReader reader = new ModelReader(elements, options.prefix());
        Set<TypeElement> types = new LinkedHashSet<>();
        round.getElementsAnnotatedWith(TvmModel.class).forEach(e -> types.add((TypeElement) e));
        pending.forEach(name -> types.add(elements.getTypeElement(name)));
        pending = new TreeSet<>();
        for (TypeElement type : types) {
            try {
                described.addAll(Supertypes.withInterfaces(type));
                if (!round.processingOver() && PendingTypes.in(type, elements)) {
                    pending.add(type.getQualifiedName().toString());
                    continue;
                }
                DeclarationValidator.Result read = DeclarationValidator.decide(reader.read(type));
                List<Problem> problems = new ArrayList<>(read.problems());
                read.model().ifPresent(m -> problems.addAll(ModelValidator.validate(m)));
                // Decided before anything is written: what the binding could not name.
                read.model().filter(m -> problems.stream().noneMatch(Problem::isError))
                        .ifPresent(m -> problems.addAll(HiddenNames.problems(m,
                                BindingWriter.hiddenClasses(m))));
                boolean suppressed = read.model().map(ModelSpec::warningsSuppressed).orElse(false);
                if (!reporter.report(problems, suppressed) && read.model().isPresent()) {
                    valid.add(read.model().get());
                }
            } catch (RuntimeException e) {
                reporter.internalError(Site.of(type), type.getQualifiedName(), e);
            }
        }
        return valid;
    }

    /** A model checked against the others and TVM's output, then rendered and written. */
    private void generate(ModelSpec model, List<Problem> crossProblems) {
        ModelContract contract = model.contract();
        Optional<TvmModelOutput> tvm = Optional.ofNullable(tvmOutput.models().get(model.namespace()));
        // In the style of the model's TVM release: compared with TVM's, then recorded.
        Optional<String> tvmStyleHeader =
                tvm.map(t -> HeaderWriter.write(model.tensorPart(), t.style()));
        List<Problem> problems = new ArrayList<>(crossProblems);
        problems.addAll(options.tvmOutput().isEmpty() ? TvmOutputValidator.withoutOutput(model)
                : TvmOutputValidator.validate(model, contract, tvmOutput, tvmStyleHeader));
        if (reporter.report(problems, model.warningsSuppressed()) || optionErrors) {
            return;
        }
        // The model's site is its interface: the originating element of what it generates.
        TypeElement origin = (TypeElement) model.site().element();
        try {
            List<Problem> failed = generator.write(Generator.render(model, contract,
                    tvm.map(TvmModelOutput::style).orElse(HeaderStyle.CURRENT),
                    tvm.map(t -> t.record(contract, tvmStyleHeader.orElseThrow()))), origin);
            if (failed.isEmpty()) {
                providers.add(model, origin);
            }
            reporter.report(failed, model.warningsSuppressed());
        } catch (RuntimeException e) {
            reporter.internalError(Site.of(origin), model.qualifiedName(), e);
        }
    }
}

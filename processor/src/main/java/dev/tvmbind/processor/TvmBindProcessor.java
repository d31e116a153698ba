package dev.tvmbind.processor;

import com.google.auto.service.AutoService;
import com.palantir.javapoet.JavaFile;
import dev.tvmbind.EntryPoint;
import dev.tvmbind.Global;
import dev.tvmbind.TvmFfi;
import dev.tvmbind.TvmModel;
import dev.tvmbind.check.tvm.HeaderStyle;
import dev.tvmbind.check.tvm.TvmModelOutput;
import dev.tvmbind.check.tvm.TvmOutputReader;
import dev.tvmbind.contract.ModelContract;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.diag.Reporter;
import dev.tvmbind.processor.generate.Generator;
import dev.tvmbind.processor.generate.ProvidersFile;
import dev.tvmbind.processor.generate.c.FfiHeaderWriter;
import dev.tvmbind.processor.generate.c.HeaderWriter;
import dev.tvmbind.processor.generate.java.BindingWriter;
import dev.tvmbind.processor.generate.java.FfiBindingWriter;
import dev.tvmbind.processor.model.FfiSpec;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.NamePart;
import dev.tvmbind.processor.model.Site;
import dev.tvmbind.processor.model.TensorAnnotations;
import dev.tvmbind.processor.read.FfiReader;
import dev.tvmbind.processor.read.PendingTypes;
import dev.tvmbind.processor.read.ModelReader;
import dev.tvmbind.processor.read.Supertypes;
import dev.tvmbind.processor.validate.CompilationValidator;
import dev.tvmbind.processor.validate.DeclarationValidator;
import dev.tvmbind.processor.validate.FfiRules;
import dev.tvmbind.processor.validate.HiddenNames;
import dev.tvmbind.processor.validate.ModelValidator;
import dev.tvmbind.processor.validate.OrphanAnnotations;
import dev.tvmbind.processor.validate.TvmOutputValidator;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
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
 * The entry class: reads each {@code @TvmModel} interface into a model, validates it alone and
 * then against the other models of the compilation, and generates the header and binding of
 * every model without errors. It never lets an exception escape into javac.
 */
@AutoService(Processor.class)
public final class TvmBindProcessor extends AbstractProcessor {
    private Options options;
    private Reporter reporter;
    private Generator generator;
    private ProvidersFile providers;
    private boolean optionErrors;
    /** What {@code -Atvmbind.tvmOutput} holds, read once at the start. */
    private TvmOutputReader.Result tvmOutput;
    /** Valid models of earlier rounds: later ones must not clash with them either. */
    private final List<ModelSpec> earlierModels = new ArrayList<>();
    /** Each C++ header of a {@code @TvmFfi} interface so far, and whose it is. */
    private final Map<String, String> ffiHeaders = new HashMap<>();
    /**
     * {@code @TvmFfi} interfaces that named a type javac could not resolve yet: read again in the
     * next round, and refused only in the last.
     */
    private Set<String> pendingFfi = new TreeSet<>();

    @Override
    public synchronized void init(ProcessingEnvironment env) {
        super.init(env);
        options = Options.parse(env.getOptions());
        reporter = new Reporter(env.getMessager(), options.strict());
        generator = new Generator(env.getFiler(), options.headerDir());
        providers = new ProvidersFile(env.getFiler(), env.getElementUtils());
        List<Problem> problems = new ArrayList<>(options.problems());
        if (options.prefix().origin() == NamePart.Origin.OPTION) {
            problems.addAll(ModelValidator.validatePrefixOption(options.prefix()));
        }
        tvmOutput = options.tvmOutput().map(TvmOutputReader::read)
                .orElse(new TvmOutputReader.Result(Map.of(), Map.of(), List.of()));
        tvmOutput.problems().forEach(f -> problems.add(Problem.of(f, Site.COMMAND_LINE)));
        optionErrors = reporter.report(problems, false);
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Stream.concat(Stream.of(TvmModel.class, TvmFfi.class, EntryPoint.class,
                        Global.class),
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
            if (!annotations.isEmpty() || !pendingFfi.isEmpty()) {
                processRound(annotations, round);
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

    private void processRound(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        List<ModelSpec> valid = new ArrayList<>();
        Set<Element> modelTypes = new HashSet<>();
        ModelReader reader = new ModelReader(processingEnv.getElementUtils(), options.prefix());
        for (Element element : round.getElementsAnnotatedWith(TvmModel.class)) {
            TypeElement type = (TypeElement) element;
            try {
                modelTypes.addAll(Supertypes.withInterfaces(type));
                DeclarationValidator.Result read = DeclarationValidator.decide(reader.read(type));
                List<Problem> problems = new ArrayList<>(read.problems());
                read.model().ifPresent(m -> problems.addAll(ModelValidator.validate(m)));
                // Decided before anything is written: what the binding could not name.
                read.model().filter(m -> problems.stream().noneMatch(Problem::isError))
                        .ifPresent(m -> problems.addAll(HiddenNames.problems(m,
                                BindingWriter.hiddenClasses(m))));
                boolean suppressed = read.model().map(ModelSpec::warningsSuppressed).orElse(false);
                boolean errors = reporter.report(problems, suppressed);
                if (!errors && read.model().isPresent()) {
                    valid.add(read.model().get());
                }
            } catch (RuntimeException e) {
                reporter.internalError(Site.of(type), type.getQualifiedName(), e);
            }
        }

        FfiReader ffiReader = new FfiReader(processingEnv.getElementUtils());
        Set<TypeElement> ffiTypes = new LinkedHashSet<>();
        round.getElementsAnnotatedWith(TvmFfi.class).forEach(e -> ffiTypes.add((TypeElement) e));
        pendingFfi.forEach(name -> ffiTypes.add(processingEnv.getElementUtils()
                .getTypeElement(name)));
        pendingFfi = new TreeSet<>();
        for (TypeElement type : ffiTypes) {
            modelTypes.add(type);
            try {
                if (!round.processingOver()
                        && PendingTypes.in(type, processingEnv.getElementUtils())) {
                    pendingFfi.add(type.getQualifiedName().toString());
                    continue;
                }
                generateFfi(ffiReader.read(type), type);
            } catch (RuntimeException e) {
                reporter.internalError(Site.of(type), type.getQualifiedName(), e);
            }
        }

        reporter.report(OrphanAnnotations.check(annotations, round, modelTypes), false);

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
            ModelContract contract = model.contract();
            Optional<TvmModelOutput> tvm = Optional.ofNullable(tvmOutput.models().get(model.namespace()));
            // In the style of the model's TVM release: compared with TVM's, then recorded.
            Optional<String> tvmStyleHeader =
                    tvm.map(t -> HeaderWriter.write(model.tensorPart(), t.style()));
            List<Problem> problems = new ArrayList<>(crossProblems.get(model));
            problems.addAll(checkAgainstTvm(model, contract, tvmStyleHeader));
            boolean errors = reporter.report(problems, model.warningsSuppressed());
            if (errors || optionErrors) {
                continue;
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
        earlierModels.addAll(valid);
    }

    /** A {@code @TvmFfi} interface's binding, when it reads and validates without errors. */
    private void generateFfi(FfiSpec spec, TypeElement origin) {
        if (reporter.report(FfiRules.validate(spec, ffiHeaders), false) || optionErrors
                || reporter.report(HiddenNames.problems(spec, FfiBindingWriter.unreachable(spec)),
                        false)) {
            return;
        }
        if (reporter.report(generator.writeHeader(spec.headerFile(),
                FfiHeaderWriter.write(spec), origin), false)) {
            return;
        }
        JavaFile file = FfiBindingWriter.write(spec);
        String name = (file.packageName().isEmpty() ? "" : file.packageName() + ".")
                + file.typeSpec().name();
        try (Writer writer = processingEnv.getFiler().createSourceFile(name, origin).openWriter()) {
            file.writeTo(writer);
        } catch (IOException | RuntimeException e) {
            reporter.report(List.of(Problem.writeFailed(Site.of(origin), name, e.getMessage())),
                    false);
        }
    }

    /** The model against what TVM compiled for it, or asking for that when no output is given. */
    private List<Problem> checkAgainstTvm(ModelSpec model, ModelContract contract,
            Optional<String> tvmStyleHeader) {
        if (options.tvmOutput().isEmpty()) {
            return TvmOutputValidator.withoutOutput(model);
        }
        return TvmOutputValidator.validate(model, contract, tvmOutput, tvmStyleHeader);
    }
}

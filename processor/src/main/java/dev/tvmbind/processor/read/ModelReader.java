package dev.tvmbind.processor.read;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.TvmModel;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.JavaType;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.NamePart.Origin;
import dev.tvmbind.processor.model.NamePart;
import dev.tvmbind.processor.model.Site;
import dev.tvmbind.processor.naming.SnakeCase;
import dev.tvmbind.processor.validate.DeclarationRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Reads a {@code @TvmModel} interface into a {@link ModelSpec}: each name with where it came
 * from, and what the interface and its methods declare. What may not be declared is decided by
 * the rules of {@code validate/} ({@link DeclarationRules}, and for parameters
 * {@code ParameterRules} and {@code TensorRules}); the naming rules by the model's validator.
 */
public final class ModelReader {
    /** A model as far as it could be read, and the problems found reading it. */
    public record Result(Optional<ModelSpec> model, List<Problem> problems) {}

    private final Elements elements;
    private final NamePart defaultPrefix;
    private final ParamReader params = new ParamReader();
    private final ScopeNames scopeNames = new ScopeNames();

    /**
     * @param defaultPrefix the prefix of models that write none: the option's, or {@code tvmgen}
     */
    public ModelReader(Elements elements, NamePart defaultPrefix) {
        this.elements = elements;
        this.defaultPrefix = defaultPrefix;
    }

    public Result read(TypeElement type) {
        List<Problem> problems = new ArrayList<>();
        AnnotationMirror annotation = Annotations.find(type, TvmModel.class).orElseThrow();
        Site site = Site.of(type).at(annotation, null);
        if (type.getKind() != ElementKind.INTERFACE) {
            problems.add(DeclarationRules.notAnInterface(site, kindName(type.getKind()),
                    type.getSimpleName()));
            return new Result(Optional.empty(), problems);
        }
        problems.addAll(DeclarationRules.implementable(declared(type), site));

        List<EntryPointSpec> entryPoints = new ArrayList<>();
        for (ExecutableElement method : MethodCollector.methods(type, elements)) {
            readMethod(type, method, problems).ifPresent(entryPoints::add);
        }
        PackageElement pkg = elements.getPackageOf(type);
        Optional<AnnotationValue> reentrant = Annotations.written(annotation, "reentrant");
        ModelSpec model = new ModelSpec(
                pkg.getQualifiedName().toString(),
                simpleNames(type),
                prefix(type, annotation),
                modelName(type, annotation),
                workspaceSize(type, annotation, problems),
                Annotations.written(annotation, "checked").map(Annotations::bool).orElse(false),
                reentrant.map(Annotations::bool).orElse(false),
                reentrant.map(value -> Site.of(type).at(annotation, value)).orElse(site),
                entryPoints,
                suppressesWarnings(type),
                site,
                ScopeNames.members(type),
                scopeNames.packageTypes(pkg),
                ScopeNames.readsGenerated(elements.getModuleOf(type)));
        return new Result(Optional.of(model), problems);
    }

    /** What the interface declares that decides whether a binding can implement it. */
    private static DeclarationRules.Interface declared(TypeElement type) {
        List<String> privateEnclosing = new ArrayList<>();
        for (Element outer = type.getEnclosingElement(); outer instanceof TypeElement t;
                outer = t.getEnclosingElement()) {
            if (t.getModifiers().contains(Modifier.PRIVATE)) {
                privateEnclosing.add(t.getQualifiedName().toString());
            }
        }
        return new DeclarationRules.Interface(type.getQualifiedName().toString(),
                type.getModifiers().contains(Modifier.PRIVATE), privateEnclosing,
                !type.getTypeParameters().isEmpty(), type.getModifiers().contains(Modifier.SEALED));
    }

    private Optional<EntryPointSpec> readMethod(
            TypeElement type, ExecutableElement method, List<Problem> problems) {
        Optional<AnnotationMirror> annotation = Annotations.find(method, EntryPoint.class);
        String described = describe(method);
        Set<Modifier> modifiers = method.getModifiers();
        Optional<String> notAbstract = modifiers.contains(Modifier.ABSTRACT) ? Optional.empty()
                : Optional.of(modifiers.contains(Modifier.STATIC) ? "static"
                        : modifiers.contains(Modifier.PRIVATE) ? "private" : "a default method");
        Site site = annotation.map(a -> Site.of(method).at(a, null)).orElse(Site.of(method));
        Optional<Problem> misplaced = DeclarationRules.method(site, described,
                type.getQualifiedName().toString(), annotation.isPresent(), notAbstract,
                !method.getTypeParameters().isEmpty());
        if (misplaced.isPresent() || annotation.isEmpty()) {
            misplaced.ifPresent(problems::add);
            return Optional.empty();
        }
        DocComments doc = DocComments.parse(elements.getDocComment(method));
        ParamReader.Params read = params.read(method, described, doc, problems);
        Optional<JavaType> returnType = TypeMapper.map(method.getReturnType());
        String returnName = TypeMapper.shortName(method.getReturnType());
        Optional<Problem> unsupported = DeclarationRules.unsupportedReturn(site, described,
                returnType, returnName);
        if (unsupported.isPresent()) {
            problems.add(unsupported.get());
            return Optional.empty();
        }
        DeclarationRules.tensorReturn(site, described, returnType.get(), returnName, read.tensor())
                .ifPresent(problems::add);
        return Optional.of(new EntryPointSpec(
                method.getSimpleName().toString(),
                functionName(method, annotation.get(), read.tensor()),
                Annotations.written(annotation.get(), "critical").map(Annotations::bool)
                        .orElse(false),
                doc.summary(),
                doc.returns(),
                returnType.get(),
                read.params(),
                site));
    }

    private static NamePart functionName(
            ExecutableElement method, AnnotationMirror annotation, boolean tensor) {
        Optional<AnnotationValue> written = Annotations.written(annotation, "value")
                .filter(v -> !Annotations.string(v).isEmpty());
        if (written.isPresent()) {
            return new NamePart(Annotations.string(written.get()), Origin.WRITTEN,
                    Site.of(method).at(annotation, written.get()));
        }
        Site site = Site.of(method).at(annotation, null);
        return tensor ? new NamePart("run", Origin.DEFAULT, site)
                : new NamePart(SnakeCase.of(method.getSimpleName().toString()), Origin.DERIVED, site);
    }

    private NamePart prefix(TypeElement type, AnnotationMirror annotation) {
        return Annotations.written(annotation, "prefix")
                .map(v -> new NamePart(Annotations.string(v), Origin.WRITTEN,
                        Site.of(type).at(annotation, v)))
                .orElse(new NamePart(defaultPrefix.text(), defaultPrefix.origin(),
                        Site.of(type).at(annotation, null)));
    }

    private static NamePart modelName(TypeElement type, AnnotationMirror annotation) {
        return Annotations.written(annotation, "name")
                .filter(v -> !Annotations.string(v).isEmpty())
                .map(v -> new NamePart(Annotations.string(v), Origin.WRITTEN,
                        Site.of(type).at(annotation, v)))
                .orElse(new NamePart(SnakeCase.of(type.getSimpleName().toString()), Origin.DERIVED,
                        Site.of(type).at(annotation, null)));
    }

    private static long workspaceSize(
            TypeElement type, AnnotationMirror annotation, List<Problem> problems) {
        Optional<AnnotationValue> written = Annotations.written(annotation, "workspaceSize");
        long size = written.map(Annotations::number).orElse(0L);
        written.flatMap(v -> DeclarationRules.size(Site.of(type).at(annotation, v),
                "workspaceSize", type.getSimpleName(), size)).ifPresent(problems::add);
        return size;
    }

    private static boolean suppressesWarnings(TypeElement type) {
        SuppressWarnings suppress = type.getAnnotation(SuppressWarnings.class);
        return suppress != null && List.of(suppress.value()).contains("tvmbind");
    }

    private static List<String> simpleNames(TypeElement type) {
        List<String> names = new ArrayList<>();
        for (Element e = type; e instanceof TypeElement t; e = t.getEnclosingElement()) {
            names.addFirst(t.getSimpleName().toString());
        }
        return names;
    }

    /** {@code Interface.method(int, float[])}, as users see the method in messages. */
    static String describe(ExecutableElement method) {
        StringBuilder s = new StringBuilder();
        s.append(method.getEnclosingElement().getSimpleName()).append('.').append(method.getSimpleName()).append('(');
        List<? extends VariableElement> parameters = method.getParameters();
        for (int i = 0; i < parameters.size(); i++) {
            String type = TypeMapper.shortName(parameters.get(i).asType());
            boolean varargs = method.isVarArgs() && i == parameters.size() - 1;
            s.append(i == 0 ? "" : ", ")
                    .append(varargs ? type.substring(0, type.length() - 2) + "..." : type);
        }
        return s.append(')').toString();
    }

    private static String kindName(ElementKind kind) {
        return switch (kind) {
            case CLASS -> "class";
            case ENUM -> "enum";
            case RECORD -> "record";
            case ANNOTATION_TYPE -> "annotation type";
            default -> kind.toString().toLowerCase(Locale.ROOT);
        };
    }
}

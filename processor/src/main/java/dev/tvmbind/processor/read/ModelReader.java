package dev.tvmbind.processor.read;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.TvmModel;
import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.JavaType;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.NamePart;
import dev.tvmbind.processor.model.NamePart.Origin;
import dev.tvmbind.processor.model.Site;
import dev.tvmbind.processor.naming.SnakeCase;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
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
 * Reads a {@code @TvmModel} interface into a {@link ModelSpec}, reporting what cannot be read
 * (where the annotations stand, types without a C counterpart). The naming rules are the
 * validator's; this only records each name with where it came from.
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
            problems.add(Problem.of(Message.NOT_AN_INTERFACE, site,
                    kindName(type.getKind()), type.getSimpleName()));
            return new Result(Optional.empty(), problems);
        }
        checkImplementable(type, site, problems);

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

    private static void checkImplementable(TypeElement type, Site site, List<Problem> problems) {
        String name = type.getQualifiedName().toString();
        if (type.getModifiers().contains(Modifier.PRIVATE)) {
            problems.add(Problem.of(Message.PRIVATE_INTERFACE, site, name));
        }
        for (Element outer = type.getEnclosingElement(); outer instanceof TypeElement t;
                outer = t.getEnclosingElement()) {
            if (t.getModifiers().contains(Modifier.PRIVATE)) {
                problems.add(Problem.of(Message.ENCLOSING_NOT_ACCESSIBLE, site, name,
                        t.getQualifiedName()));
            }
        }
        if (!type.getTypeParameters().isEmpty()) {
            problems.add(Problem.of(Message.GENERIC_INTERFACE, site, name));
        }
        if (type.getModifiers().contains(Modifier.SEALED)) {
            problems.add(Problem.of(Message.SEALED_INTERFACE, site, name));
        }
    }

    private Optional<EntryPointSpec> readMethod(
            TypeElement type, ExecutableElement method, List<Problem> problems) {
        Optional<AnnotationMirror> annotation = Annotations.find(method, EntryPoint.class);
        String described = describe(method);
        boolean isAbstract = method.getModifiers().contains(Modifier.ABSTRACT);
        if (annotation.isEmpty()) {
            if (isAbstract) {
                problems.add(Problem.of(Message.MISSING_ENTRY_POINT, Site.of(method),
                        described, type.getQualifiedName()));
            }
            return Optional.empty();
        }
        Site site = Site.of(method).at(annotation.get(), null);
        if (!isAbstract) {
            String what = method.getModifiers().contains(Modifier.STATIC) ? "static"
                    : method.getModifiers().contains(Modifier.PRIVATE) ? "private" : "a default method";
            problems.add(Problem.of(Message.ENTRY_POINT_NOT_ABSTRACT, site, described, what));
            return Optional.empty();
        }
        if (!method.getTypeParameters().isEmpty()) {
            // One cause, one diagnostic: its type variables are not reported again as types.
            problems.add(Problem.of(Message.GENERIC_METHOD, site, described));
            return Optional.empty();
        }
        DocComments doc = DocComments.parse(elements.getDocComment(method));
        ParamReader.Params read = params.read(method, described, doc, problems);
        Optional<JavaType> returnType = TypeMapper.map(method.getReturnType());
        boolean returnSupported = returnType.filter(JavaType::isReturnable).isPresent();
        if (!returnSupported) {
            problems.add(Problem.of(Message.UNSUPPORTED_RETURN, site, described,
                    TypeMapper.shortName(method.getReturnType())));
            return Optional.empty();
        }
        if (read.tensor() && returnType.get() != JavaType.INT && returnType.get() != JavaType.VOID) {
            problems.add(Problem.of(Message.TENSOR_RETURN, site, described,
                    TypeMapper.shortName(method.getReturnType())));
        }
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
        if (size < 0) {
            problems.add(Problem.of(Message.NEGATIVE_SIZE, Site.of(type).at(annotation,
                    written.get()), "workspaceSize", type.getSimpleName(), size));
        }
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

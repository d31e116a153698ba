package dev.tvmbind.processor.read;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.TvmModel;
import dev.tvmbind.processor.model.Declared;
import dev.tvmbind.processor.model.NamePart.Origin;
import dev.tvmbind.processor.model.NamePart;
import dev.tvmbind.processor.model.Site;
import dev.tvmbind.processor.naming.SnakeCase;
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
import javax.lang.model.util.Elements;

/**
 * Reads a {@code @TvmModel} interface into what it declares ({@link Declared.Type}): each name
 * with where it came from, each value as written. It decides nothing: {@code validate/}'s
 * {@code DeclarationValidator} applies the rules and makes the {@code ModelSpec}.
 */
public final class ModelReader {
    private final Elements elements;
    private final NamePart defaultPrefix;
    private final ScopeNames scopeNames = new ScopeNames();

    /**
     * @param defaultPrefix the prefix of models that write none: the option's, or {@code tvmgen}
     */
    public ModelReader(Elements elements, NamePart defaultPrefix) {
        this.elements = elements;
        this.defaultPrefix = defaultPrefix;
    }

    public Declared.Type read(TypeElement type) {
        AnnotationMirror annotation = Annotations.find(type, TvmModel.class).orElseThrow();
        Site site = Site.of(type).at(annotation, null);
        return new Declared.Type(kindName(type.getKind()), type.getSimpleName().toString(), site,
                declared(type), type.getKind() != ElementKind.INTERFACE ? Optional.empty()
                        : Optional.of(model(type, annotation, site)));
    }

    private Declared.Model model(TypeElement type, AnnotationMirror annotation, Site site) {
        List<Declared.Method> methods = new ArrayList<>();
        for (ExecutableElement method : MethodCollector.methods(type, elements)) {
            methods.add(readMethod(type, method));
        }
        PackageElement pkg = elements.getPackageOf(type);
        Optional<AnnotationValue> reentrant = Annotations.written(annotation, "reentrant");
        return new Declared.Model(
                pkg.getQualifiedName().toString(),
                simpleNames(type),
                prefix(type, annotation),
                modelName(type, annotation),
                Annotations.written(annotation, "workspaceSize").map(v -> new Declared.Written<>(
                        Annotations.number(v), Site.of(type).at(annotation, v))),
                Annotations.written(annotation, "checked").map(Annotations::bool).orElse(false),
                reentrant.map(Annotations::bool).orElse(false),
                reentrant.map(value -> Site.of(type).at(annotation, value)).orElse(site),
                methods,
                suppressesWarnings(type),
                site,
                ScopeNames.members(type),
                scopeNames.packageTypes(pkg),
                ScopeNames.readsGenerated(elements.getModuleOf(type)));
    }

    /** What the interface declares that decides whether a binding can implement it. */
    private static Declared.Interface declared(TypeElement type) {
        List<String> privateEnclosing = new ArrayList<>();
        for (Element outer = type.getEnclosingElement(); outer instanceof TypeElement t;
                outer = t.getEnclosingElement()) {
            if (t.getModifiers().contains(Modifier.PRIVATE)) {
                privateEnclosing.add(t.getQualifiedName().toString());
            }
        }
        return new Declared.Interface(type.getQualifiedName().toString(),
                type.getModifiers().contains(Modifier.PRIVATE), privateEnclosing,
                !type.getTypeParameters().isEmpty(), type.getModifiers().contains(Modifier.SEALED));
    }

    private Declared.Method readMethod(TypeElement type, ExecutableElement method) {
        Optional<AnnotationMirror> annotation = Annotations.find(method, EntryPoint.class);
        Set<Modifier> modifiers = method.getModifiers();
        Optional<String> notAbstract = modifiers.contains(Modifier.ABSTRACT) ? Optional.empty()
                : Optional.of(modifiers.contains(Modifier.STATIC) ? "static"
                        : modifiers.contains(Modifier.PRIVATE) ? "private" : "a default method");
        Site site = annotation.map(a -> Site.of(method).at(a, null)).orElse(Site.of(method));
        DocComments doc = DocComments.parse(elements.getDocComment(method));
        List<Declared.Parameter> params = ParamReader.read(method, doc);
        boolean tensor = params.stream().anyMatch(p -> !p.roles().isEmpty());
        return new Declared.Method(method.getSimpleName().toString(), describe(method),
                type.getQualifiedName().toString(), site, Site.of(method),
                annotation.isPresent(), notAbstract, !method.getTypeParameters().isEmpty(),
                functionName(method, annotation, tensor),
                annotation.flatMap(a -> Annotations.written(a, "critical"))
                        .map(Annotations::bool).orElse(false),
                doc.summary(), doc.returns(), TypeMapper.map(method.getReturnType()),
                TypeMapper.shortName(method.getReturnType()), params);
    }

    private static NamePart functionName(
            ExecutableElement method, Optional<AnnotationMirror> annotation, boolean tensor) {
        Optional<AnnotationValue> written = annotation
                .flatMap(a -> Annotations.written(a, "value"))
                .filter(v -> !Annotations.string(v).isEmpty());
        if (written.isPresent()) {
            return new NamePart(Annotations.string(written.get()), Origin.WRITTEN,
                    Site.of(method).at(annotation.get(), written.get()));
        }
        Site site = annotation.map(a -> Site.of(method).at(a, null)).orElse(Site.of(method));
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

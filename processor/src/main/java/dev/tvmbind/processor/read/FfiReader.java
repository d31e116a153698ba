package dev.tvmbind.processor.read;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Global;
import dev.tvmbind.Shape;
import dev.tvmbind.TvmFfi;
import dev.tvmbind.contract.FfiType;
import dev.tvmbind.processor.model.FfiSpec;
import dev.tvmbind.processor.model.Site;
import dev.tvmbind.processor.naming.SnakeCase;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.Name;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Reads a {@code @TvmFfi} interface into an {@link FfiSpec}: what was written and where, each
 * type mapped to TVM's FFI or recorded as one no FFI type maps. It decides nothing: the rules
 * are {@code validate/FfiRules}'.
 */
public final class FfiReader {

    private final Elements elements;

    public FfiReader(Elements elements) {
        this.elements = elements;
    }

    /** The annotated type as written; {@code FfiRules} decides what may be generated. */
    public FfiSpec read(TypeElement type) {
        return read(type, false);
    }

    /**
     * The annotated type as written.
     *
     * @param relax whether it is a {@code @TvmRelax} interface: its methods are Relax functions
     */
    public FfiSpec read(TypeElement type, boolean relax) {
        List<FfiSpec.Unsupported> unsupported = new ArrayList<>();
        List<FfiSpec.Function> functions = new ArrayList<>();
        // Another kind of type is refused as it is: its methods are not an interface's.
        if (type.getKind() == ElementKind.INTERFACE) {
            boolean closeable = relax && closeable(type);
            for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
                // AutoCloseable's close(), declared again, ends the binding: no Relax function.
                boolean close = closeable && method.getParameters().isEmpty()
                        && method.getSimpleName().contentEquals("close");
                if (method.getModifiers().contains(Modifier.ABSTRACT) && !close) {
                    functions.add(function(method, unsupported, relax));
                }
            }
        }
        List<String> simpleNames = new ArrayList<>();
        for (Element e = type; e instanceof TypeElement t; e = e.getEnclosingElement()) {
            simpleNames.addFirst(t.getSimpleName().toString());
        }
        boolean generated = ScopeNames.readsGenerated(elements.getModuleOf(type));
        return new FfiSpec(type.getKind().toString().toLowerCase(Locale.ROOT).replace('_', ' '),
                elements.getPackageOf(type).getQualifiedName().toString(), simpleNames, functions,
                unsupported, generated, ScopeNames.members(type), packageTypes(type),
                Site.of(type), relax, closeable(type));
    }

    /** Whether {@code type} extends {@code AutoCloseable}, directly or through its interfaces. */
    private static boolean closeable(TypeElement type) {
        for (TypeMirror parent : type.getInterfaces()) {
            if (parent instanceof DeclaredType declared
                    && declared.asElement() instanceof TypeElement element
                    && (element.getQualifiedName().contentEquals(AutoCloseable.class.getName())
                            || closeable(element))) {
                return true;
            }
        }
        return false;
    }

    /** The simple names of the types of {@code type}'s package. */
    private java.util.Set<String> packageTypes(TypeElement type) {
        java.util.Set<String> names = new java.util.TreeSet<>();
        elements.getPackageOf(type).getEnclosedElements()
                .forEach(e -> names.add(e.getSimpleName().toString()));
        return names;
    }

    private FfiSpec.Function function(ExecutableElement method,
            List<FfiSpec.Unsupported> unsupported, boolean relax) {
        List<FfiSpec.Parameter> parameters = new ArrayList<>();
        for (VariableElement parameter : method.getParameters()) {
            FfiType type = type(parameter.asType(), false);
            if (type == null) {
                unsupported.add(new FfiSpec.Unsupported(Site.of(parameter),
                        "parameter " + parameter.getSimpleName(),
                        method.getSimpleName().toString(), parameter.asType().toString()));
            }
            boolean owned = parameter.getAnnotationMirrors().stream().anyMatch(a ->
                    ((TypeElement) a.getAnnotationType().asElement()).getQualifiedName()
                            .contentEquals(TvmFfi.Owned.class.getCanonicalName()));
            parameters.add(new FfiSpec.Parameter(parameter.getSimpleName().toString(),
                    owned && type == FfiType.Plain.TENSOR ? FfiType.Plain.OWNED_TENSOR : type,
                    owned, shape(parameter), Site.of(parameter)));
        }
        FfiType result = type(method.getReturnType(), true);
        Optional<FfiSpec.Tuple> tuple = relax && result == null
                ? TupleRecords.of(method.getReturnType()) : Optional.empty();
        if (tuple.isPresent()) {
            result = FfiType.listOf(FfiType.Plain.ANY); // what the VM returns for a tuple
        }
        if (result == null) {
            unsupported.add(new FfiSpec.Unsupported(Site.of(method), "the result",
                    method.getSimpleName().toString(), method.getReturnType().toString()));
        }
        String javaName = method.getSimpleName().toString();
        String name = SnakeCase.of(javaName);
        boolean critical = false;
        boolean global = false;
        Site nameSite = Site.of(method);
        for (AnnotationMirror annotation : method.getAnnotationMirrors()) {
            Name annotationName = ((TypeElement) annotation.getAnnotationType().asElement())
                    .getQualifiedName();
            if (annotationName.contentEquals(Global.class.getName())) {
                for (var entry : annotation.getElementValues().entrySet()) {
                    name = entry.getValue().getValue().toString();
                    nameSite = Site.of(method).at(annotation, entry.getValue());
                    global = true;
                }
                continue;
            }
            if (!annotationName.contentEquals(EntryPoint.class.getName())) {
                continue;
            }
            for (var entry : annotation.getElementValues().entrySet()) {
                String member = entry.getKey().getSimpleName().toString();
                AnnotationValue value = entry.getValue();
                if (member.equals("value") && !value.getValue().toString().isEmpty()) {
                    name = value.getValue().toString();
                    nameSite = Site.of(method).at(annotation, value);
                } else if (member.equals("critical") && Boolean.TRUE.equals(value.getValue())) {
                    critical = true;
                }
            }
        }
        return new FfiSpec.Function(javaName, name, parameters, result, critical, global, relax,
                shape(method), tuple, Site.of(method), nameSite);
    }

    /** {@code @Shape} on {@code element}, as written: dimensions, data types, devices, strides. */
    private static Optional<FfiSpec.ShapeWritten> shape(Element element) {
        for (AnnotationMirror annotation : element.getAnnotationMirrors()) {
            if (!((TypeElement) annotation.getAnnotationType().asElement()).getQualifiedName()
                    .contentEquals(Shape.class.getName())) {
                continue;
            }
            Map<String, List<String>> members = new HashMap<>();
            Site site = Site.of(element);
            for (var entry : annotation.getElementValues().entrySet()) {
                String member = entry.getKey().getSimpleName().toString();
                site = member.equals("value") ? Site.of(element).at(annotation, entry.getValue())
                        : site;
                List<String> texts = members.computeIfAbsent(member, m -> new ArrayList<>());
                Object v = entry.getValue().getValue();
                for (Object value : v instanceof List<?> values ? values : List.of(v)) {
                    Object one = value instanceof AnnotationValue a ? a.getValue() : value;
                    texts.add(one instanceof Element e ? e.getSimpleName().toString()
                            : String.valueOf(one));
                }
            }
            return Optional.of(new FfiSpec.ShapeWritten(members.getOrDefault("value", List.of()),
                    members.getOrDefault("dtype", List.of()),
                    members.getOrDefault("device", List.of()),
                    members.getOrDefault("contiguous", List.of()).contains("true"), site));
        }
        return Optional.empty();
    }

    private static FfiType type(TypeMirror mirror, boolean result) {
        return type(mirror, result, true);
    }

    /**
     * @param callbacks whether a callback is allowed: not among a callback's own types, where
     *     Java would call Java through C (and a callback taking itself would never end)
     */
    static FfiType type(TypeMirror mirror, boolean result, boolean callbacks) {
        FfiType.Plain type = FfiType.plainOf(mirror.toString(), false);
        if (type != null) {
            return type == FfiType.Plain.VOID && !result ? null : type;
        }
        if (!callbacks) {
            return container(mirror);
        }
        FfiType callback = callback(mirror);
        if (callback != null) {
            return callback;
        }
        // A function a library returns may be absent (ffi.ModuleGetFunction's result).
        if (result && mirror instanceof DeclaredType declared
                && ((TypeElement) declared.asElement()).getQualifiedName()
                        .contentEquals(Optional.class.getName())
                && declared.getTypeArguments().size() == 1) {
            FfiType held = callback(declared.getTypeArguments().getFirst());
            if (held != null) {
                return FfiType.optionalOf(held);
            }
        }
        return container(mirror);
    }

    /**
     * A type that is a {@code @TvmFfi.Callback} interface: its one abstract method's
     * result, then its parameters, each a type a method of TVM's FFI takes; or null.
     */
    private static FfiType callback(TypeMirror mirror) {
        if (!(mirror instanceof DeclaredType declared)
                || !(declared.asElement() instanceof TypeElement element)
                || element.getKind() != ElementKind.INTERFACE
                || element.getAnnotationMirrors().stream().noneMatch(a ->
                        ((TypeElement) a.getAnnotationType().asElement()).getQualifiedName()
                                .contentEquals(TvmFfi.Callback.class.getCanonicalName()))) {
            return null;
        }
        List<ExecutableElement> methods = ElementFilter.methodsIn(element.getEnclosedElements())
                .stream().filter(m -> m.getModifiers().contains(Modifier.ABSTRACT)).toList();
        if (methods.size() != 1 || !element.getTypeParameters().isEmpty()) {
            return null;
        }
        ExecutableElement method = methods.getFirst();
        FfiType returned = type(method.getReturnType(), true, false);
        List<FfiType> parameters = new ArrayList<>();
        for (VariableElement parameter : method.getParameters()) {
            parameters.add(type(parameter.asType(), false, false));
        }
        if (returned == null || parameters.contains(null)) {
            return null;
        }
        return new FfiType.Callback(element.getQualifiedName().toString(),
                method.getSimpleName().toString(), returned, parameters);
    }

    /**
     * {@code Optional<T>}, {@code List<T>} or {@code Map<K, V>} of types a container holds, or
     * null.
     */
    private static FfiType container(TypeMirror mirror) {
        if (!(mirror instanceof DeclaredType declared)) {
            return null;
        }
        String kind = ((TypeElement) declared.asElement()).getQualifiedName().toString();
        List<FfiType> held = new ArrayList<>();
        for (TypeMirror argument : declared.getTypeArguments()) {
            FfiType element = FfiType.plainOf(argument.toString(), true);
            FfiType type = element != null ? element : container(argument);
            if (type == null) {
                return null;
            }
            held.add(type);
        }
        return switch (kind) {
            case "java.util.Optional" -> held.size() == 1 ? FfiType.optionalOf(held.get(0)) : null;
            case "java.util.List" -> held.size() == 1 ? FfiType.listOf(held.get(0)) : null;
            case "java.util.Map" -> held.size() == 2 ? FfiType.mapOf(held.get(0), held.get(1))
                    : null;
            default -> null;
        };
    }
}

package dev.tvmbind.processor.read;

import dev.tvmbind.DType;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.check.tvm.TvmSanitizer;
import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.JavaType;
import dev.tvmbind.processor.model.NamePart.Origin;
import dev.tvmbind.processor.model.NamePart;
import dev.tvmbind.processor.model.ParamSpec;
import dev.tvmbind.processor.model.Role;
import dev.tvmbind.processor.model.Site;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;

/** Reads the parameters of an entry point: their role, type, name and size. */
final class ParamReader {
    record Params(List<ParamSpec> params, boolean tensor) {}

    private record Annotated(Role role, AnnotationMirror mirror) {}

    Params read(ExecutableElement method, String described, DocComments doc, List<Problem> problems) {
        List<VariableElement> parameters = List.copyOf(method.getParameters());
        List<Optional<Annotated>> roles = new ArrayList<>();
        // Every role written, a parameter's second one too: its two-roles error is the one cause.
        Set<Role> written = EnumSet.noneOf(Role.class);
        for (VariableElement parameter : parameters) {
            roles.add(role(parameter, problems, written));
        }
        boolean tensor = roles.stream().anyMatch(Optional::isPresent);
        List<ParamSpec> specs = new ArrayList<>();
        for (int i = 0; i < parameters.size(); i++) {
            VariableElement parameter = parameters.get(i);
            String name = parameter.getSimpleName().toString();
            Site site = Site.of(parameter);
            Optional<JavaType> type = TypeMapper.map(parameter.asType());
            boolean varargs = method.isVarArgs() && i == parameters.size() - 1;
            if (tensor && roles.get(i).isEmpty()) {
                problems.add(Problem.of(Message.MIXED_PARAMETERS, site, name, described));
            } else if (varargs) {
                String array = TypeMapper.shortName(parameter.asType());
                problems.add(Problem.of(Message.VARARGS, site, name, described,
                        array.substring(0, array.length() - 2) + "...", array));
            } else if (type.isEmpty() || type.get() == JavaType.VOID) {
                problems.add(Problem.of(Message.UNSUPPORTED_TYPE, site, name, described,
                        TypeMapper.shortName(parameter.asType())));
            } else if (tensor && !type.get().isTensorType()) {
                problems.add(Problem.of(Message.TENSOR_TYPE, site, name, described,
                        TypeMapper.shortName(parameter.asType())));
            } else {
                String paramDoc = doc.params().getOrDefault(name, "");
                specs.add(roles.get(i)
                        .map(a -> tensorParam(parameter, type.get(), a, paramDoc, problems, described))
                        .orElseGet(() -> new ParamSpec(name, type.get(), Role.PLAIN,
                                new NamePart(name, Origin.WRITTEN, site), name, 0,
                                Optional.empty(), List.of(), paramDoc, site)));
            }
        }
        if (tensor) {
            requireRole(written, Role.INPUT, "Input", method, described, problems);
            requireRole(written, Role.OUTPUT, "Output", method, described, problems);
        }
        return new Params(specs, tensor);
    }

    private static Optional<Annotated> role(VariableElement parameter, List<Problem> problems,
            Set<Role> written) {
        List<Annotated> found = new ArrayList<>();
        for (TensorAnnotations.Tensor tensor : TensorAnnotations.ALL) {
            Annotations.find(parameter, tensor.annotation())
                    .ifPresent(m -> found.add(new Annotated(tensor.role(), m)));
        }
        found.forEach(a -> written.add(a.role()));
        if (found.size() > 1) {
            String names = found.stream()
                    .map(a -> "@" + a.mirror().getAnnotationType().asElement().getSimpleName())
                    .reduce((a, b) -> a + " and " + b).orElseThrow();
            problems.add(Problem.of(Message.TWO_ROLES, Site.of(parameter),
                    parameter.getSimpleName(), names));
        }
        return found.stream().findFirst();
    }

    private static ParamSpec tensorParam(VariableElement parameter, JavaType type, Annotated role,
            String doc, List<Problem> problems, String described) {
        String javaName = parameter.getSimpleName().toString();
        Site site = Site.of(parameter).at(role.mirror(), null);
        NamePart name = Annotations.written(role.mirror(), "value")
                .filter(v -> !Annotations.string(v).isEmpty())
                .map(v -> new NamePart(Annotations.string(v), Origin.WRITTEN,
                        Site.of(parameter).at(role.mirror(), v)))
                .orElse(new NamePart(javaName, Origin.DERIVED, site));
        Optional<AnnotationValue> sizeValue = Annotations.written(role.mirror(), "size");
        long size = sizeValue.map(Annotations::number).orElse(0L);
        if (size < 0) {
            problems.add(Problem.of(Message.NEGATIVE_SIZE, Site.of(parameter).at(role.mirror(),
                    sizeValue.get()), "size of " + javaName, described, size));
        }
        String tensor = role.role().displayName() + " '" + name.text() + "' (" + javaName + ")";
        Optional<DType> dtype = dtype(parameter, type, role.mirror(), tensor, problems);
        List<Long> shape = new ArrayList<>();
        Optional<AnnotationValue> shapeValue = Annotations.written(role.mirror(), "shape");
        if (shapeValue.isPresent() && shape(parameter, role.mirror(), shapeValue.get(), tensor,
                shape, problems) && !shape.isEmpty()) {
            long derived = dtype.map(d -> shapeBytes(shape, d)).orElse(0L);
            Site at = Site.of(parameter).at(role.mirror(), shapeValue.get());
            if (dtype.isEmpty()) {
                // An array's dtype is empty only when the written one was refused already.
                if (type == JavaType.SEGMENT && writtenText(role.mirror(), "dtype").isEmpty()) {
                    problems.add(Problem.of(Message.SHAPE_WITHOUT_DTYPE, at, tensor));
                }
            } else if (derived < 0) {
                problems.add(Problem.of(Message.SHAPE_OVERFLOW, at, shape, tensor));
            } else if (sizeValue.isPresent() && size != derived) {
                problems.add(Problem.of(Message.SIZE_MISMATCH, Site.of(parameter)
                        .at(role.mirror(), sizeValue.get()), tensor, size, shape,
                        dtype.get().tvmName(), derived));
            } else {
                size = derived;
            }
        }
        return new ParamSpec(javaName, type, role.role(), name,
                TvmSanitizer.sanitize(name.text()), size, dtype, shape, doc, site);
    }

    /** A string member written with a non-empty value: {@code dtype = ""} means the default. */
    private static Optional<AnnotationValue> writtenText(AnnotationMirror mirror, String member) {
        return Annotations.written(mirror, member).filter(v -> !Annotations.string(v).isEmpty());
    }

    /** The written dtype, checked against the Java type, or the array's own. */
    private static Optional<DType> dtype(VariableElement parameter, JavaType type,
            AnnotationMirror mirror, String tensor, List<Problem> problems) {
        Optional<AnnotationValue> written = writtenText(mirror, "dtype");
        if (written.isEmpty()) {
            return type.defaultDType();
        }
        String text = Annotations.string(written.get());
        Site at = Site.of(parameter).at(mirror, written.get());
        Optional<DType> dtype = DType.of(text);
        if (dtype.isEmpty()) {
            String suggestion = DType.of(text + "32").or(() -> DType.of(text.toLowerCase(Locale.ROOT)))
                    .map(d -> "; did you mean '" + d.tvmName() + "'?").orElse("");
            String known = Arrays.stream(DType.values()).map(DType::tvmName)
                    .collect(Collectors.joining(" "));
            problems.add(Problem.of(Message.UNKNOWN_DTYPE, at, text, tensor, known, suggestion));
        } else if (!type.holds(dtype.get())) {
            DType own = type.defaultDType().orElseThrow();
            String why = own.bytes() == dtype.get().bytes()
                    ? "integers and floating-point numbers do not share an array"
                    : dtype.get().bytes() + "-byte elements in an array of " + own.bytes() + "-byte ones";
            problems.add(Problem.of(Message.DTYPE_MISFIT, at, text, tensor, type.javaName(), why,
                    "use " + arrayFor(dtype.get()) + ", a MemorySegment, or dtype '" + own.tvmName() + "'"));
            return Optional.empty();
        }
        return dtype;
    }

    private static String arrayFor(DType dtype) {
        return Arrays.stream(JavaType.values()).filter(t -> t.isArray() && t.holds(dtype))
                .map(JavaType::javaName).collect(Collectors.joining(" or "));
    }

    /**
     * Reads the dimensions into {@code shape}, reporting each one below 1 on itself.
     *
     * @return whether every dimension is valid
     */
    private static boolean shape(VariableElement parameter, AnnotationMirror mirror,
            AnnotationValue value, String tensor, List<Long> shape, List<Problem> problems) {
        boolean valid = true;
        List<? extends AnnotationValue> dimensions = Annotations.list(value);
        for (int i = 0; i < dimensions.size(); i++) {
            long dimension = Annotations.number(dimensions.get(i));
            if (dimension < 1) {
                problems.add(Problem.of(Message.SHAPE_DIMENSION,
                        Site.of(parameter).at(mirror, dimensions.get(i)), i, tensor, dimension));
                valid = false;
            }
            shape.add(dimension);
        }
        return valid;
    }

    /** The product of the dimensions times the dtype's width; -1 on overflow. */
    private static long shapeBytes(List<Long> shape, DType dtype) {
        try {
            long bytes = dtype.bytes();
            for (long dimension : shape) {
                bytes = Math.multiplyExact(bytes, dimension);
            }
            return bytes;
        } catch (ArithmeticException e) {
            return -1;
        }
    }

    private static void requireRole(Set<Role> written, Role role, String annotation,
            ExecutableElement method, String described, List<Problem> problems) {
        if (!written.contains(role)) {
            problems.add(Problem.of(Message.MISSING_INPUT_OUTPUT, Site.of(method), described,
                    annotation));
        }
    }
}

package dev.tvmbind.processor.validate;

import dev.tvmbind.DType;
import dev.tvmbind.check.tvm.TvmSanitizer;
import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.Declared.Tensor;
import dev.tvmbind.processor.model.Declared.Written;
import dev.tvmbind.processor.model.JavaType;
import dev.tvmbind.processor.model.ParamSpec;
import dev.tvmbind.processor.model.Site;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The rules of a tensor's dtype, shape and size (README's "Java and C types"): what a tensor
 * annotation wrote, decided into the parameter's dtype, shape and size in bytes, each refusal on
 * the value written.
 */
public final class TensorRules {
    private TensorRules() {}

    /** The parameter the annotation describes; what is refused is reported and left unknown. */
    public static ParamSpec decide(Tensor tensor, String described, List<Problem> problems) {
        long size = tensor.size().map(Written::value).orElse(0L);
        tensor.size().flatMap(w -> DeclarationRules.size(w.site(), "size of " + tensor.javaName(),
                described, w.value())).ifPresent(problems::add);
        String shown = tensor.role().displayName() + " '" + tensor.name().text() + "' ("
                + tensor.javaName() + ")";
        Optional<DType> dtype = dtype(tensor, shown, problems);
        List<Long> shape = tensor.shape().map(dims -> dims.stream().map(Written::value).toList())
                .orElse(List.of());
        if (tensor.shape().isPresent() && validShape(tensor.shape().get(), shown, problems)
                && !shape.isEmpty()) {
            long derived = dtype.map(d -> shapeBytes(shape, d)).orElse(0L);
            if (dtype.isEmpty()) {
                // An array's dtype is empty only when the written one was refused already.
                if (tensor.type() == JavaType.SEGMENT && tensor.dtype().isEmpty()) {
                    problems.add(Problem.of(Message.SHAPE_WITHOUT_DTYPE, tensor.shapeSite(), shown));
                }
            } else if (derived < 0) {
                problems.add(Problem.of(Message.SHAPE_OVERFLOW, tensor.shapeSite(), shape, shown));
            } else if (tensor.size().isPresent() && size != derived) {
                problems.add(Problem.of(Message.SIZE_MISMATCH, tensor.size().get().site(), shown,
                        size, shape, dtype.get().tvmName(), derived));
            } else {
                size = derived;
            }
        }
        return new ParamSpec(tensor.javaName(), tensor.type(), tensor.role(), tensor.name(),
                TvmSanitizer.sanitize(tensor.name().text()), size, dtype, shape, tensor.doc(),
                tensor.site());
    }

    /** The written dtype, checked against the Java type, or the array's own. */
    private static Optional<DType> dtype(Tensor tensor, String shown, List<Problem> problems) {
        if (tensor.dtype().isEmpty()) {
            return tensor.type().defaultDType();
        }
        String text = tensor.dtype().get().value();
        Site at = tensor.dtype().get().site();
        Optional<DType> dtype = DType.of(text);
        JavaType type = tensor.type();
        if (dtype.isEmpty()) {
            String suggestion = DType.of(text + "32").or(() -> DType.of(text.toLowerCase(Locale.ROOT)))
                    .map(d -> "; did you mean '" + d.tvmName() + "'?").orElse("");
            String known = Arrays.stream(DType.values()).map(DType::tvmName)
                    .collect(Collectors.joining(" "));
            problems.add(Problem.of(Message.UNKNOWN_DTYPE, at, text, shown, known, suggestion));
        } else if (!type.holds(dtype.get())) {
            DType own = type.defaultDType().orElseThrow();
            String why = own.bytes() == dtype.get().bytes()
                    ? "integers and floating-point numbers do not share an array"
                    : dtype.get().bytes() + "-byte elements in an array of " + own.bytes() + "-byte ones";
            problems.add(Problem.of(Message.DTYPE_MISFIT, at, text, shown, type.javaName(), why,
                    "use " + arrayFor(dtype.get()) + ", a MemorySegment, or dtype '" + own.tvmName() + "'"));
            return Optional.empty();
        }
        return dtype;
    }

    private static String arrayFor(DType dtype) {
        return Arrays.stream(JavaType.values()).filter(t -> t.isArray() && t.holds(dtype))
                .map(JavaType::javaName).collect(Collectors.joining(" or "));
    }

    /** Whether every dimension is 1 or more; each one below is reported on itself. */
    private static boolean validShape(List<Written<Long>> dimensions, String shown,
            List<Problem> problems) {
        boolean valid = true;
        for (int i = 0; i < dimensions.size(); i++) {
            long dimension = dimensions.get(i).value();
            if (dimension < 1) {
                problems.add(Problem.of(Message.SHAPE_DIMENSION, dimensions.get(i).site(), i, shown,
                        dimension));
                valid = false;
            }
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
}

package dev.tvmbind.processor.validate;

import dev.tvmbind.contract.FfiType;
import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.FfiSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The rules of SPEC §13 for a {@code @TvmFfi} interface: each exported name a C identifier
 * (upper case allowed: tvm-ffi's own examples export {@code AddOne}) that does not begin with
 * {@code _} ({@code __tvm_ffi__…} is tvm-ffi's namespace: a name {@code _metadata_x} would collide)
 * and holds no {@code __}; no two methods on one symbol; no critical call; only a tensor owned.
 */
public final class FfiRules {
    private FfiRules() {}

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

    /**
     * What keeps the interface from being generated: not an interface, a type no FFI type maps
     * (each reported, nothing more), or the rules above and a header another interface has.
     *
     * @param headers each C++ header so far and whose it is; this interface's is added when free
     */
    /** The plain types a method may name, from the one table: {@code long int … FfiObject}. */
    private static final String SUPPORTED = String.join(" ", Arrays.stream(FfiType.Plain.values())
            .filter(p -> p != FfiType.Plain.VOID && p != FfiType.Plain.OWNED_TENSOR)
            .map(FfiType.Plain::javaName).toList());

    /** A dimension: a positive literal that fits a {@code long}, or a Java-style name. */
    private static final Pattern DIMENSION = Pattern.compile(
            "[1-9][0-9]{0,17}|[A-Za-z_][A-Za-z0-9_]*");

    /** Each {@code @Shape} of a function: on a tensor, with dimensions and one dtype at most. */
    static List<Problem> shapes(FfiSpec.Function function) {
        List<Problem> problems = new ArrayList<>();
        function.resultShape().ifPresent(shape -> problems.addAll(shape(shape, "the result",
                function.javaName(), function.result())));
        for (FfiSpec.Parameter parameter : function.parameters()) {
            parameter.shape().ifPresent(shape -> problems.addAll(shape(shape, "parameter "
                    + parameter.name(), function.javaName(), parameter.type())));
        }
        return problems;
    }

    private static List<Problem> shape(FfiSpec.ShapeWritten shape, String what, String method,
            FfiType type) {
        List<String> why = new ArrayList<>();
        if (type != FfiType.Plain.TENSOR && type != FfiType.Plain.OWNED_TENSOR) {
            why.add("it is a " + (type == null ? "type TVM's FFI does not map" : type.javaName())
                    + ", and @Shape describes a Tensor");
        }
        shape.dims().stream().filter(d -> !DIMENSION.matcher(d).matches()).forEach(d -> why.add(
                "dimension '" + d + "' is neither a positive number nor a name (\"784\", \"n\")"));
        if (shape.dtypes().size() > 1) {
            why.add("it gives " + shape.dtypes().size() + " dtypes; give one, or none for any");
        }
        return why.stream().map(w -> Problem.of(Message.FFI_SHAPE, shape.site(), what, method, w))
                .toList();
    }

    public static List<Problem> validate(FfiSpec spec, Map<String, String> headers) {
        if (spec.relax()) {
            return RelaxRules.validate(spec);
        }
        if (!spec.kind().equals("interface")) {
            return List.of(Problem.of(Message.FFI_NOT_AN_INTERFACE, spec.site(), spec.kind(),
                    spec.qualifiedName()));
        }
        if (!spec.unsupported().isEmpty()) {
            return spec.unsupported().stream().map(u -> Problem.of(Message.FFI_UNSUPPORTED_TYPE,
                    u.site(), u.what(), u.method(), u.type(), SUPPORTED)).toList();
        }
        List<Problem> problems = new ArrayList<>();
        Map<String, FfiSpec.Function> bySymbol = new HashMap<>();
        for (FfiSpec.Function function : spec.functions()) {
            // A global function's name is any string: the registry's, not a symbol.
            String why = function.global() ? null : whyNotAName(function.name());
            if (why != null) {
                problems.add(Problem.of(Message.FFI_NAME, function.nameSite(),
                        function.javaName(), function.name(), why));
            }
            FfiSpec.Function first = bySymbol.putIfAbsent(function.symbol(), function);
            if (first != null) {
                problems.add(Problem.of(Message.FFI_DUPLICATE_SYMBOL, function.nameSite(),
                        function.javaName(), first.javaName(), function.symbol()));
            }
            problems.addAll(shapes(function));
            for (FfiSpec.Parameter parameter : function.parameters()) {
                if (parameter.owned() && parameter.type() != FfiType.Plain.OWNED_TENSOR) {
                    problems.add(Problem.of(Message.FFI_OWNED, parameter.site(), parameter.name(),
                            function.javaName(), parameter.type().javaName()));
                }
            }
            if (function.critical()) {
                problems.add(Problem.of(Message.FFI_CRITICAL, function.site(),
                        function.javaName()));
            }
        }
        problems.addAll(headerClash(spec, headers));
        return problems;
    }

    /**
     * Two interfaces on one C++ header name ({@code a.Kernels} and {@code b.Kernels} both write
     * {@code kernels_ffi.h}): the second is refused.
     */
    private static List<Problem> headerClash(FfiSpec spec, Map<String, String> headers) {
        String header = spec.headerFile();
        String first = headers.putIfAbsent(header, spec.qualifiedName());
        return first == null || first.equals(spec.qualifiedName()) ? List.of()
                : List.of(Problem.of(Message.FFI_DUPLICATE_HEADER, spec.site(),
                        spec.qualifiedName(), header, first));
    }

    private static String whyNotAName(String name) {
        if (name.startsWith("_")) {
            return "begins with '_'";
        }
        if (!IDENTIFIER.matcher(name).matches()) {
            return "is not a C identifier";
        }
        if (name.contains("__")) {
            return "holds '__'";
        }
        return null;
    }
}

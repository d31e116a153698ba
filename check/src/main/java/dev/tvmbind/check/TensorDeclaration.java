package dev.tvmbind.check;

import dev.tvmbind.DType;
import dev.tvmbind.TensorRole;
import dev.tvmbind.check.tvm.TvmTensor;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The parameter that declares one of TVM's tensors, as TVM's output describes it: TVM's name, its
 * dtype and the Java array of that dtype ({@code MemorySegment} where the dtype is unknown), its
 * shape, and its size where the shape and dtype do not give it. What the check's errors give to
 * paste and what {@code describe} writes (from the same members), so the two never disagree.
 *
 * @param role the tensor's role in the run function
 * @param tensor the tensor, as TVM's output describes it
 * @param variable the Java parameter's name
 */
public record TensorDeclaration(TensorRole role, TvmTensor tensor, String variable) {
    /** Java's keywords and literals, which no parameter may be named. */
    private static final Set<String> RESERVED = Set.of("abstract", "assert", "boolean", "break",
            "byte", "case", "catch", "char", "class", "const", "continue", "default", "do",
            "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
            "implements", "import", "instanceof", "int", "interface", "long", "native", "new",
            "package", "private", "protected", "public", "return", "short", "static", "strictfp",
            "super", "switch", "synchronized", "this", "throw", "throws", "transient", "try",
            "void", "volatile", "while", "true", "false", "null", "_");

    /** The declaration for {@code tensor}, named after its struct member. */
    public static TensorDeclaration of(TensorRole role, TvmTensor tensor) {
        return new TensorDeclaration(role, tensor, variableFor(tensor.member()));
    }

    /** A Java name for a C member: lower-case start, never a keyword or starting with a digit. */
    static String variableFor(String member) {
        String variable = Character.isDigit(member.charAt(0)) ? "t" + member
                : Character.toLowerCase(member.charAt(0)) + member.substring(1);
        return RESERVED.contains(variable) ? variable + "_" : variable;
    }

    /** The dtype, where TVM's output names one this project knows. */
    public Optional<DType> dtype() {
        return tensor.dtype().flatMap(DType::of);
    }

    /** The Java array of the dtype; empty where the parameter is a {@code MemorySegment}. */
    public Optional<Class<?>> array() {
        return dtype().map(d -> d.javaElement().arrayType());
    }

    /** The annotation's simple name: {@code Input}, {@code Output}, .... */
    public String annotation() {
        return switch (role) {
            case INPUT -> "Input";
            case OUTPUT -> "Output";
            case WORKSPACE_POOL -> "WorkspacePool";
            case DEVICE -> "Device";
        };
    }

    /** The annotation's members in order, each as Java source: {@code value -> "input_1"}. */
    public Map<String, String> members() {
        Map<String, String> members = new LinkedHashMap<>();
        members.put("value", literal(tensor.name()));
        tensor.dtype().ifPresent(d -> members.put("dtype", literal(d)));
        tensor.shape().ifPresent(shape -> members.put("shape", shape.stream()
                .map(d -> d > Integer.MAX_VALUE ? d + "L" : d.toString())
                .collect(Collectors.joining(", ", "{", "}"))));
        boolean sizeFollows = tensor.shape().isPresent() && dtype().isPresent();
        if (!sizeFollows && tensor.size() > 0) {
            members.put("size", Long.toString(tensor.size()));
        }
        return members;
    }

    /** The declaration to paste: {@code @Input(value = "x", dtype = "int8", shape = {4}) byte[] x}. */
    public String declaration() {
        Map<String, String> members = members();
        String values = members.size() == 1 ? members.get("value")
                : members.entrySet().stream().map(m -> m.getKey() + " = " + m.getValue())
                        .collect(Collectors.joining(", "));
        String type = array().map(Class::getSimpleName).orElse("MemorySegment");
        return "@" + annotation() + "(" + values + ") " + type + " " + variable;
    }

    /** {@code text} as a Java string literal. */
    static String literal(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> out.append(Character.isISOControl(c)
                        ? String.format("\\u%04x", (int) c) : String.valueOf(c));
            }
        }
        return out.append('"').toString();
    }
}

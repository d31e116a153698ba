package dev.tvmbind.processor.generate;

import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.TvmModelOutput;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What javac checked a model against, recorded next to its classes as
 * {@code META-INF/tvmbind/checked/<interface's binary name>.properties}: the TVM output (absolute,
 * and as the option wrote it) and the C functions TVM generated for the model's operators. The
 * runtime reads it to refuse another model's library before any call; the build's check reads it
 * to find the output again. A {@code .properties} file, so that the runtime reads it without a
 * library of its own.
 */
public final class CheckRecord {
    /** Where records live in the class output; the runtime reads the same path. */
    public static final String FOLDER = "META-INF/tvmbind/checked/";

    private CheckRecord() {}

    /** The record's path in the class output. */
    public static String path(ModelSpec model) {
        String nested = String.join("$", model.simpleNames());
        return FOLDER + (model.packageName().isEmpty() ? nested : model.packageName() + "." + nested)
                + ".properties";
    }

    /** The record's text: one {@code key=value} per line, in a fixed order, no date. */
    public static String render(ModelSpec model, TvmModelOutput tvm) {
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put("interface", model.qualifiedName());
        entries.put("namespace", model.namespace());
        entries.put("tvmOutput", tvm.output());
        entries.put("tvmOutput.written", tvm.outputAsWritten());
        entries.put("header", tvm.header());
        entries.put("operators", String.join(",", tvm.operators()));
        StringBuilder text = new StringBuilder("# What javac checked ").append(model.qualifiedName())
                .append(" against (tvmbind): the runtime refuses a library without these operators\n");
        entries.forEach((key, value) -> text.append(key).append('=').append(escaped(value))
                .append('\n'));
        return text.toString();
    }

    /** As {@code java.util.Properties} reads it back: backslashes, line breaks, leading blanks. */
    private static String escaped(String value) {
        StringBuilder out = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\f' -> out.append("\\f");
                case ' ' -> out.append(i == 0 ? "\\ " : " ");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}

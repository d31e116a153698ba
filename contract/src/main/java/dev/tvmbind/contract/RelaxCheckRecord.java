package dev.tvmbind.contract;

import dev.tvmbind.DType;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * What javac checked a {@code @TvmRelax} interface against, recorded next to its classes as
 * {@code META-INF/tvmbind/checked-relax/<interface's binary name>.properties}: its functions as
 * the binding states them and the Relax library (absolute, and as the option wrote it). The
 * build's check reads it to compare the interface with the library as it is now, whether javac
 * ran or not ({@link CheckRecord} is the AOT models' record). This class alone writes and reads
 * it.
 *
 * @param interfaceName the interface's binary name
 * @param functions its functions, in its methods' order
 * @param library the library, absolute
 * @param libraryWritten the library as {@code -Atvmbind.tvmOutput} wrote it
 */
public record RelaxCheckRecord(String interfaceName, List<FfiFunctionContract> functions,
        String library, String libraryWritten) {
    /** Where records live in the class output. */
    public static final String FOLDER = "META-INF/tvmbind/checked-relax/";

    public RelaxCheckRecord {
        functions = List.copyOf(functions);
    }

    /** The record's path in the class output, for the interface of that binary name. */
    public static String path(String binaryName) {
        return FOLDER + binaryName + ".properties";
    }

    /** The record's text: one {@code key=value} per line, in a fixed order, no date. */
    public String render() {
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put("interface", interfaceName);
        entries.put("library", library);
        entries.put("library.written", libraryWritten);
        for (int f = 0; f < functions.size(); f++) {
            FfiFunctionContract function = functions.get(f);
            String key = "function." + f + ".";
            entries.put(key + "method", function.javaName());
            entries.put(key + "name", function.name());
            entries.put(key + "result", type(function.result()));
            entries.put(key + "resultShape", function.resultShape().map(RelaxCheckRecord::shape)
                    .orElse(""));
            for (int p = 0; p < function.parameters().size(); p++) {
                FfiFunctionContract.Parameter parameter = function.parameters().get(p);
                entries.put(key + "parameter." + p + ".name", parameter.name());
                entries.put(key + "parameter." + p + ".type", type(parameter.type()));
                entries.put(key + "parameter." + p + ".shape", parameter.shape()
                        .map(RelaxCheckRecord::shape).orElse(""));
            }
        }
        StringBuilder text = new StringBuilder("# What javac checked ").append(interfaceName)
                .append(" against (tvmbind): the build's check compares the library, as it is"
                        + " then, with these functions\n");
        entries.forEach((k, v) -> text.append(k).append('=').append(CheckRecord.escaped(v))
                .append('\n'));
        return text.toString();
    }

    /**
     * A record's text, read back.
     *
     * @throws IllegalArgumentException saying what is missing or malformed
     */
    public static RelaxCheckRecord parse(String text) {
        Properties entries = new Properties();
        try {
            entries.load(new StringReader(text));
            List<FfiFunctionContract> functions = new ArrayList<>();
            for (int f = 0; entries.containsKey("function." + f + ".name"); f++) {
                String key = "function." + f + ".";
                List<FfiFunctionContract.Parameter> parameters = new ArrayList<>();
                for (int p = 0; entries.containsKey(key + "parameter." + p + ".name"); p++) {
                    String at = key + "parameter." + p + ".";
                    parameters.add(new FfiFunctionContract.Parameter(
                            CheckRecord.required(entries, at + "name"),
                            type(CheckRecord.required(entries, at + "type")),
                            shape(CheckRecord.required(entries, at + "shape"))));
                }
                functions.add(new FfiFunctionContract(CheckRecord.required(entries, key
                        + "method"), CheckRecord.required(entries, key + "name"),
                        FfiFunctionContract.Kind.RELAX, type(CheckRecord.required(entries, key
                                + "result")), parameters, shape(CheckRecord.required(entries,
                                        key + "resultShape"))));
            }
            return new RelaxCheckRecord(CheckRecord.required(entries, "interface"), functions,
                    CheckRecord.required(entries, "library"),
                    CheckRecord.required(entries, "library.written"));
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(e.getMessage() + "; it was not written by this"
                    + " version of tvmbind: recompile the interface (mvn clean compile)", e);
        }
    }

    /** A Relax method's type: a plain type by its constant's name, a list as {@code List.X}. */
    private static String type(FfiType type) {
        if (type instanceof FfiType.ListOf list && list.element() instanceof FfiType.Plain p) {
            return "List." + p.name();
        }
        return ((FfiType.Plain) type).name();
    }

    private static FfiType type(String text) {
        return text.startsWith("List.") ? FfiType.listOf(FfiType.Plain.valueOf(text.substring(5)))
                : FfiType.Plain.valueOf(text);
    }

    /** {@code n,784:float32}; {@code 3:} for any dtype. */
    private static String shape(FfiTensorShape shape) {
        return String.join(",", shape.dims()) + ":" + shape.dtype().map(DType::tvmName).orElse("");
    }

    private static Optional<FfiTensorShape> shape(String text) {
        if (text.isEmpty()) {
            return Optional.empty();
        }
        int colon = text.lastIndexOf(':');
        String dims = text.substring(0, colon);
        String dtype = text.substring(colon + 1);
        return Optional.of(new FfiTensorShape(dims.isEmpty() ? List.of()
                : Arrays.asList(dims.split(",")), dtype.isEmpty() ? Optional.empty()
                        : Optional.of(DType.of(dtype).orElseThrow(() -> new IllegalArgumentException(
                                "unknown dtype " + dtype)))));
    }
}

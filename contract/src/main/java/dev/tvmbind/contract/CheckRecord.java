package dev.tvmbind.contract;

import dev.tvmbind.DType;
import dev.tvmbind.TensorRole;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * What javac checked a model against, recorded next to its classes as
 * {@code META-INF/tvmbind/checked/<interface's binary name>.properties}: the model as described,
 * the TVM output (absolute, and as the option wrote it), the C functions TVM generated for the
 * model's operators, and the header tvmbind wrote in the style of the output's release. The
 * runtime reads the operators to refuse another model's library before any call; the build's
 * check reads the rest to compare the model with the output as it is now, whether javac ran or
 * not. This class alone writes and reads it. A {@code .properties} file, so that no library is
 * needed to read it.
 *
 * @param model the model as its interface described it
 * @param tvmOutput the {@code -Atvmbind.tvmOutput} entry that held the model, absolute
 * @param tvmOutputWritten that entry as the option wrote it
 * @param header where TVM's header was read, for messages
 * @param operators the C functions TVM generated for the model's operators
 * @param headerStyle the style of TVM's header then (its {@code HeaderStyle}'s text)
 * @param ourHeader the header tvmbind wrote in that style
 */
public record CheckRecord(ModelContract model, String tvmOutput, String tvmOutputWritten,
        String header, List<String> operators, String headerStyle, String ourHeader) {
    /** Where records live in the class output. */
    public static final String FOLDER = "META-INF/tvmbind/checked/";

    /** Each interface's record, read once. */
    private static final ClassValue<Optional<CheckRecord>> RECORDS = new ClassValue<>() {
        @Override
        protected Optional<CheckRecord> computeValue(Class<?> model) {
            return read(model);
        }
    };

    public CheckRecord {
        operators = List.copyOf(operators);
    }

    /** The record's path in the class output, for the interface of that binary name. */
    public static String path(String binaryName) {
        return FOLDER + binaryName + ".properties";
    }

    /**
     * The record beside {@code model}'s class, if javac checked it against TVM's output.
     *
     * @param model the model interface
     * @return its record, read once, or empty
     * @throws UncheckedIOException when the record cannot be read
     * @throws IllegalArgumentException when another version of tvmbind wrote it
     */
    public static Optional<CheckRecord> of(Class<?> model) {
        return RECORDS.get(model);
    }

    private static Optional<CheckRecord> read(Class<?> model) {
        ClassLoader loader = model.getClassLoader();
        String path = path(model.getName());
        try (InputStream in = loader == null ? null : loader.getResourceAsStream(path)) {
            return in == null ? Optional.empty()
                    : Optional.of(parse(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + " of " + model.getName(), e);
        }
    }

    /** The record's text: one {@code key=value} per line, in a fixed order, no date. */
    public String render() {
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put("interface", model.interfaceName());
        entries.put("prefix", model.prefix());
        entries.put("model", model.name());
        entries.put("tvmOutput", tvmOutput);
        entries.put("tvmOutput.written", tvmOutputWritten);
        entries.put("header", header);
        entries.put("operators", String.join(",", operators));
        entries.put("checked", Boolean.toString(model.checked()));
        entries.put("workspaceSize", Long.toString(model.workspaceSize()));
        entries.put("reentrant", Boolean.toString(model.reentrant()));
        for (int i = 0; i < model.entryPoints().size(); i++) {
            EntryPointContract entryPoint = model.entryPoints().get(i);
            String key = "entryPoint." + i + ".";
            entries.put(key + "function", entryPoint.function());
            entries.put(key + "signature", entryPoint.signature());
            entries.put(key + "tensor", Boolean.toString(entryPoint.tensor()));
        }
        for (int i = 0; i < model.tensors().size(); i++) {
            TensorContract tensor = model.tensors().get(i);
            String key = "tensor." + i + ".";
            entries.put(key + "role", tensor.role().name());
            entries.put(key + "name", tensor.name());
            entries.put(key + "member", tensor.member());
            entries.put(key + "javaName", tensor.javaName());
            entries.put(key + "javaType", tensor.javaType());
            entries.put(key + "dtype", tensor.dtype().map(DType::tvmName).orElse(""));
            entries.put(key + "size", Long.toString(tensor.size()));
            entries.put(key + "shape", String.join(",", tensor.shape().stream()
                    .map(String::valueOf).toList()));
        }
        entries.put("headerStyle", headerStyle);
        entries.put("ourHeader", ourHeader);
        StringBuilder text = new StringBuilder("# What javac checked ").append(model.interfaceName())
                .append(" against (tvmbind): the runtime refuses a library without these operators;"
                        + " the build's check compares the output, as it is then, with the rest\n");
        entries.forEach((key, value) -> text.append(key).append('=').append(escaped(value))
                .append('\n'));
        return text.toString();
    }

    /**
     * A record's text, read back.
     *
     * @throws IllegalArgumentException saying what is missing or malformed
     */
    public static CheckRecord parse(String text) {
        try {
            return parse(new StringReader(text));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static CheckRecord parse(Reader text) throws IOException {
        Properties entries = new Properties();
        try {
            entries.load(text);
            List<EntryPointContract> entryPoints = new ArrayList<>();
            for (int i = 0; entries.containsKey("entryPoint." + i + ".function"); i++) {
                String key = "entryPoint." + i + ".";
                entryPoints.add(new EntryPointContract(required(entries, key + "function"),
                        required(entries, key + "signature"),
                        Boolean.parseBoolean(required(entries, key + "tensor"))));
            }
            List<TensorContract> tensors = new ArrayList<>();
            for (int i = 0; entries.containsKey("tensor." + i + ".role"); i++) {
                tensors.add(tensor(entries, "tensor." + i + "."));
            }
            ModelContract model = new ModelContract(required(entries, "interface"),
                    required(entries, "prefix"), required(entries, "model"),
                    Boolean.parseBoolean(required(entries, "checked")),
                    Long.parseLong(required(entries, "workspaceSize")),
                    Boolean.parseBoolean(required(entries, "reentrant")),
                    entryPoints, tensors);
            String operators = required(entries, "operators");
            return new CheckRecord(model, required(entries, "tvmOutput"),
                    required(entries, "tvmOutput.written"), required(entries, "header"),
                    operators.isEmpty() ? List.of() : List.of(operators.split(",")),
                    required(entries, "headerStyle"), required(entries, "ourHeader"));
        } catch (RuntimeException e) {
            // Properties refuses a malformed \\u escape, valueOf an unknown role, parseLong
            // a number that is not one: all are a record this version did not write.
            throw new IllegalArgumentException(e.getMessage() + "; it was not written by this"
                    + " version of tvmbind: recompile the interface (mvn clean compile)", e);
        }
    }

    private static TensorContract tensor(Properties entries, String key) {
        String dtype = required(entries, key + "dtype");
        String shape = required(entries, key + "shape");
        return new TensorContract(TensorRole.valueOf(required(entries, key + "role")),
                required(entries, key + "name"), required(entries, key + "member"),
                required(entries, key + "javaName"), required(entries, key + "javaType"),
                dtype.isEmpty() ? Optional.empty() : DType.of(dtype),
                Long.parseLong(required(entries, key + "size")),
                shape.isEmpty() ? List.of()
                        : Arrays.stream(shape.split(",")).map(Long::valueOf).toList());
    }

    static String required(Properties entries, String key) {
        String value = entries.getProperty(key);
        if (value == null) {
            throw new IllegalArgumentException("it has no '" + key + "'");
        }
        return value;
    }

    /** As {@code java.util.Properties} reads it back: backslashes, line breaks, leading blanks. */
    static String escaped(String value) {
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

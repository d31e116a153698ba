package dev.tvmbind.runtime.internal;

import dev.tvmbind.runtime.ModelInfo;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.foreign.SymbolLookup;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * What javac checked a model against, as the processor recorded it beside the model's classes
 * ({@code META-INF/tvmbind/checked/<interface>.properties}): the TVM output, and the C functions
 * TVM generated for the model's operators. Two models both called {@code tvmgen_default} export
 * the same run function, so only these tell one model's library from another's: a library
 * without them is refused before any call, instead of running with the wrong sizes.
 *
 * @param tvmOutput the TVM output javac checked the model against
 * @param operators the operator functions TVM generated for it
 */
public record CheckedOutput(String tvmOutput, List<String> operators) {
    private static final String FOLDER = "META-INF/tvmbind/checked/";

    /** Each interface's record, read once. */
    private static final ClassValue<Optional<CheckedOutput>> RECORDS = new ClassValue<>() {
        @Override
        protected Optional<CheckedOutput> computeValue(Class<?> model) {
            return read(model);
        }
    };

    /**
     * The record of {@code model}, if javac checked it against TVM's output.
     *
     * @param model the model interface
     * @return its record, or empty
     */
    public static Optional<CheckedOutput> of(Class<?> model) {
        return RECORDS.get(model);
    }

    private static Optional<CheckedOutput> read(Class<?> model) {
        ClassLoader loader = model.getClassLoader();
        String path = FOLDER + model.getName() + ".properties";
        try (InputStream in = loader == null ? null : loader.getResourceAsStream(path)) {
            if (in == null) {
                return Optional.empty();
            }
            Properties record = new Properties();
            record.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            String operators = record.getProperty("operators", "");
            return Optional.of(new CheckedOutput(record.getProperty("tvmOutput", "?"),
                    operators.isEmpty() ? List.of() : Arrays.asList(operators.split(","))));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + " of " + model.getName(), e);
        }
    }

    /**
     * Refuses a library that lacks the operators TVM generated for the model.
     *
     * @param info the model
     * @param lookup the library's symbols
     * @param library the library as a message names it: {@code the library /path/libx.so}
     * @throws UnsatisfiedLinkError naming the library, the model, the TVM output and what the
     *     library lacks
     */
    public void verify(ModelInfo info, SymbolLookup lookup, String library) {
        List<String> missing = operators.stream().filter(s -> lookup.find(s).isEmpty()).toList();
        if (!missing.isEmpty()) {
            throw PublicTypes.wrongModel(library + " is not the model " + info.cName() + " that"
                    + " javac checked " + info.modelInterface().getName() + " against (" + tvmOutput
                    + "): it lacks " + missing.size() + " of the " + operators.size() + " operator"
                    + " functions TVM generated for it, such as " + missing.getFirst() + "; load the"
                    + " library built from that output, or recompile the interface against the"
                    + " output the library was built from");
        }
    }
}

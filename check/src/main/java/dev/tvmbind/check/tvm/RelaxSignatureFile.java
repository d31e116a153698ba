package dev.tvmbind.check.tvm;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.tvmbind.contract.RelaxLibraryFacts;
import dev.tvmbind.contract.RelaxType;
import dev.tvmbind.contract.RelaxTypeText;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A Relax module's signature as the README's export snippet writes it from the IRModule, beside
 * the library: {@code {"functions": [{"name", "params": [{"name", "ty"}], "ret"}]}}, the types
 * TVM's text of {@code param.ty} and {@code func.ret_ty}. It gives {@code describe} what the
 * library does not keep (a static result's type), and is compared with what the library does
 * keep: a signature of another export is refused, never merged.
 */
public final class RelaxSignatureFile {
    private RelaxSignatureFile() {}

    /**
     * The library's facts with the signature's results, after checking that the signature's
     * functions, parameter names and parameter types are the library's.
     *
     * @throws UnreadableOutputException naming the file and the first disagreement, or what is
     *     malformed
     */
    public static RelaxLibraryFacts merge(Path file, RelaxLibraryFacts library)
            throws UnreadableOutputException {
        Map<String, RelaxLibraryFacts.Function> signature = read(file);
        Map<String, RelaxLibraryFacts.Function> merged = new LinkedHashMap<>();
        for (RelaxLibraryFacts.Function function : library.functions().values()) {
            RelaxLibraryFacts.Function declared = signature.get(function.name());
            if (declared == null) {
                throw new UnreadableOutputException(file + " has no function '" + function.name()
                        + "', which the library holds: is it the signature of this export?");
            }
            if (!declared.parameterNames().equals(function.parameterNames())) {
                throw new UnreadableOutputException(file + " gives " + function.name()
                        + " the parameters " + declared.parameterNames() + ", the library "
                        + function.parameterNames() + ": is it the signature of this export?");
            }
            List<RelaxType> parameters = new ArrayList<>();
            for (int i = 0; i < function.parameters().size(); i++) {
                RelaxType kept = function.parameters().get(i);
                RelaxType said = declared.parameters().get(i);
                if (!(kept instanceof RelaxType.Unknown) && !spaceless(kept).equals(spaceless(said))) {
                    throw new UnreadableOutputException(file + " gives parameter "
                            + function.parameterNames().get(i) + " of " + function.name() + " as "
                            + said.text() + ", the library as " + kept.text() + ": is it the"
                            + " signature of this export?");
                }
                parameters.add(kept instanceof RelaxType.Unknown ? said : kept);
            }
            merged.put(function.name(), new RelaxLibraryFacts.Function(function.name(),
                    function.parameterNames(), parameters, function.result().or(
                            declared::result)));
        }
        return new RelaxLibraryFacts(library.names(), merged);
    }

    /** TVM prints one type the same way in both places; spaces are not compared regardless. */
    private static String spaceless(RelaxType type) {
        return type.text().replace(" ", "");
    }

    private static Map<String, RelaxLibraryFacts.Function> read(Path file)
            throws UnreadableOutputException {
        Texts.requireRegular(file, file.toString());
        try {
            JsonObject root = StrictJson.parse(Texts.read(file)).getAsJsonObject();
            Map<String, RelaxLibraryFacts.Function> functions = new LinkedHashMap<>();
            for (JsonElement element : root.getAsJsonArray("functions")) {
                JsonObject function = element.getAsJsonObject();
                List<String> names = new ArrayList<>();
                List<RelaxType> types = new ArrayList<>();
                for (JsonElement parameter : function.getAsJsonArray("params")) {
                    names.add(parameter.getAsJsonObject().get("name").getAsString());
                    types.add(RelaxTypeText.parse(parameter.getAsJsonObject().get("ty")
                            .getAsString()));
                }
                String name = function.get("name").getAsString();
                functions.put(name, new RelaxLibraryFacts.Function(name, names, types,
                        Optional.of(RelaxTypeText.parse(function.get("ret").getAsString()))));
            }
            return functions;
        } catch (IOException | RuntimeException e) {
            throw new UnreadableOutputException("cannot read the signature " + file
                    + " ({\"functions\": [{\"name\", \"params\": [{\"name\", \"ty\"}], \"ret\"}]},"
                    + " as the README's snippet writes it)", e);
        }
    }
}

package dev.tvmbind.processor.probe;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.tvmbind.contract.RelaxLibraryFacts;
import dev.tvmbind.runtime.internal.ffi.RelaxFactsReader;
import dev.tvmbind.runtime.relax.RelaxModule;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * The child JVM that reads a Relax library for {@code describe}, javac and the build's check
 * ({@code dev.tvmbind.check.tvm.LibraryProbe} starts it): it loads the library in TVM's VM,
 * behind the runtime's signal guard, and prints on one line what {@link RelaxLibraryFacts} is made
 * of, as JSON: {@code {"names": [...] or null, "functions": [{"name", "parameters"}], "stats"}}.
 * Nothing is called. A build's JVM never loads a library a user hands it: its constructors run
 * here, in a process that may crash or hang alone.
 */
public final class RelaxProbe {
    private RelaxProbe() {}

    /**
     * Prints the facts of the library {@code args[0]}; exit status 0, or 3 with the cause on
     * standard error.
     */
    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        try (RelaxModule module = RelaxModule.load(Path.of(args[0]))) {
            List<String> names = module.functions().map(m -> List.copyOf(m.keySet()))
                    .orElse(List.of());
            RelaxLibraryFacts facts = RelaxFactsReader.read(module, names);
            JsonObject json = new JsonObject();
            if (facts.names().isPresent()) {
                JsonArray all = new JsonArray();
                names.forEach(all::add);
                json.add("names", all);
            }
            JsonArray functions = new JsonArray();
            facts.functions().values().forEach(f -> {
                JsonObject function = new JsonObject();
                function.addProperty("name", f.name());
                JsonArray parameters = new JsonArray();
                f.parameterNames().forEach(parameters::add);
                function.add("parameters", parameters);
                functions.add(function);
            });
            json.add("functions", functions);
            json.addProperty("stats", module.stats().orElse(""));
            out.println(new Gson().toJson(json));
            out.flush();
        } catch (RuntimeException | Error e) {
            System.err.println(e.getClass().getSimpleName() + ": " + e.getMessage());
            System.exit(3);
        }
        System.exit(0);
    }
}

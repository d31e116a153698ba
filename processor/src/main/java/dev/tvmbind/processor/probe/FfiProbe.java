package dev.tvmbind.processor.probe;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.tvmbind.check.tvm.SharedLibraryKind;
import dev.tvmbind.check.tvm.UnreadableOutputException;
import dev.tvmbind.runtime.internal.ffi.FfiMetadataReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The child JVM that reads a tvm-ffi library for {@code describe}: it lists the library's
 * {@code __tvm_ffi_<name>} functions from its symbol table, loads it (its {@code libtvm_ffi}
 * first, as {@code -Dtvmbind.tvmFfi} names it) and prints, on one line, each function's metadata
 * text, or why it has none: {@code {"functions": [{"name", "metadata" or
 * "unchecked"}]}}. Only the metadata functions are called.
 */
public final class FfiProbe {
    private FfiProbe() {}

    /** {@code args[0]}: the library. */
    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        try {
            List<String> names = SharedLibraryKind.ffiFunctions(Path.of(args[0]));
            JsonArray functions = new JsonArray();
            for (Map.Entry<String, FfiMetadataReader.Entry> entry : FfiMetadataReader.read(
                    Path.of(args[0]), names).entrySet()) {
                JsonObject function = new JsonObject();
                function.addProperty("name", entry.getKey());
                entry.getValue().text().ifPresent(t -> function.addProperty("metadata", t));
                entry.getValue().why().ifPresent(w -> function.addProperty("unchecked", w));
                functions.add(function);
            }
            JsonObject json = new JsonObject();
            json.add("functions", functions);
            out.println(new Gson().toJson(json));
            out.flush();
        } catch (UnreadableOutputException | RuntimeException | Error e) {
            System.err.println(e.getClass().getSimpleName() + ": " + e.getMessage());
            System.exit(3);
        }
        System.exit(0);
    }
}

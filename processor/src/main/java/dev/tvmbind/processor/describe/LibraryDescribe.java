package dev.tvmbind.processor.describe;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import dev.tvmbind.check.tvm.LibraryProbe;
import dev.tvmbind.check.tvm.RelaxSignatureFile;
import dev.tvmbind.check.tvm.SharedLibraryKind;
import dev.tvmbind.check.tvm.UnreadableOutputException;
import dev.tvmbind.contract.RelaxLibraryFacts;
import dev.tvmbind.processor.probe.FfiProbe;
import dev.tvmbind.processor.probe.ProbeChild;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code describe x.so}: the interface of a shared library, read in a child JVM. One dispatch,
 * from the library's symbol table ({@link SharedLibraryKind}): a Relax library ({@code
 * export_library}'s) gets its {@code @TvmRelax} interface, a tvm-ffi library its {@code @TvmFfi}
 * one; anything else is one line naming the file.
 */
final class LibraryDescribe {
    private LibraryDescribe() {}

    /**
     * The interface, or empty after saying why not on {@code err}.
     *
     * @param library the file
     * @param written the file as the user named it
     * @param packageName the interface's package
     * @param runtime where TVM's runtime is (for a tvm-ffi library, its libtvm_ffi), if said
     * @param signature a Relax export's signature file, if given
     * @param err where problems and warnings go
     */
    static Optional<List<Source>> describe(Path library, String written, String packageName,
            Optional<String> runtime, Optional<Path> signature, PrintStream err) {
        String shown = library.toAbsolutePath().toString();
        try {
            SharedLibraryKind kind = SharedLibraryKind.of(library);
            if (kind == SharedLibraryKind.NEITHER) {
                err.println("tvmbind describe: " + shown + " is a shared library, but neither a"
                        + " Relax library (no __tvm_ffi__library_bin) nor a tvm-ffi library (no"
                        + " __tvm_ffi_<name> function)");
                return Optional.empty();
            }
            if (kind == SharedLibraryKind.FFI && signature.isPresent()) {
                err.println("tvmbind describe: --signature is for a Relax library; " + shown
                        + " is a tvm-ffi library");
                return Optional.empty();
            }
            Described described = kind == SharedLibraryKind.RELAX
                    ? relax(library, written, packageName, runtime, signature, err)
                    : ffi(library, written, packageName, runtime);
            if (described == null) {
                return Optional.empty();
            }
            described.warnings().forEach(w -> err.println("tvmbind describe: warning: " + w));
            return Optional.of(List.of(described.source()));
        } catch (UnreadableOutputException e) {
            err.println("tvmbind describe: cannot read " + shown + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    private static Described relax(Path library, String written,
            String packageName, Optional<String> runtime, Optional<Path> signature,
            PrintStream err) throws UnreadableOutputException {
        RelaxLibraryFacts facts = LibraryProbe.relaxFacts(library, ProbeChild.of(runtime));
        if (facts.names().isEmpty()) {
            err.println("tvmbind describe: " + library.toAbsolutePath() + ": its executable's text"
                    + " is not as tvmbind reads it (another TVM release?), so its functions are"
                    + " unknown");
            return null;
        }
        if (signature.isPresent()) {
            try {
                facts = RelaxSignatureFile.merge(signature.get(), facts);
            } catch (UnreadableOutputException e) {
                err.println("tvmbind describe: " + e.getMessage());
                return null;
            }
        }
        return RelaxInterfaceWriter.write(facts, interfaceName(library), packageName, written);
    }

    private static Described ffi(Path library, String written,
            String packageName, Optional<String> runtime) throws UnreadableOutputException {
        String printed = LibraryProbe.run(library, ProbeChild.of(runtime),
                FfiProbe.class.getName(), List.of());
        Map<String, Optional<String>> metadata = new LinkedHashMap<>();
        Map<String, String> unchecked = new LinkedHashMap<>();
        try {
            for (JsonElement element : JsonParser.parseString(printed).getAsJsonObject()
                    .getAsJsonArray("functions")) {
                JsonObject function = element.getAsJsonObject();
                String name = function.get("name").getAsString();
                metadata.put(name, Optional.ofNullable(function.get("metadata"))
                        .map(JsonElement::getAsString));
                if (function.has("unchecked")) {
                    unchecked.put(name, function.get("unchecked").getAsString());
                }
            }
        } catch (JsonParseException | IllegalStateException | NullPointerException
                | UnsupportedOperationException e) {
            throw new UnreadableOutputException("the JVM that loads it printed no list tvmbind"
                    + " reads (" + e.getMessage() + ")");
        }
        return FfiInterfaceWriter.write(metadata, unchecked, interfaceName(library), packageName,
                written);
    }

    /** {@code mlp.so} → {@code Mlp}, {@code libkeyword-spotter.so} → {@code KeywordSpotter}. */
    static String interfaceName(Path library) {
        String file = library.getFileName().toString();
        String stem = file.endsWith(".so") ? file.substring(0, file.length() - 3) : file;
        return JavaNames.type(stem.startsWith("lib") && stem.length() > 3 ? stem.substring(3)
                : stem);
    }
}

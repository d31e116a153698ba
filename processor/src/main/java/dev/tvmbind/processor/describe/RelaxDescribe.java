package dev.tvmbind.processor.describe;

import com.palantir.javapoet.JavaFile;
import dev.tvmbind.check.tvm.RelaxLibraryReader;
import dev.tvmbind.check.tvm.RelaxSignatureFile;
import dev.tvmbind.check.tvm.SharedLibraryKind;
import dev.tvmbind.check.tvm.UnreadableOutputException;
import dev.tvmbind.contract.RelaxLibraryFacts;
import dev.tvmbind.processor.probe.ProbeChild;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** {@code describe model.so}: the interface of a Relax library, read in a child JVM. */
final class RelaxDescribe {
    private RelaxDescribe() {}

    /**
     * The interface, or empty after saying why not on {@code err}.
     *
     * @param library the file
     * @param written the file as the user named it
     * @param packageName the interface's package
     * @param runtime where TVM's runtime is, if the user said
     * @param signature the export's signature file, if given
     * @param err where problems and warnings go
     */
    static Optional<List<JavaFile>> describe(Path library, String written, String packageName,
            Optional<String> runtime, Optional<Path> signature, PrintStream err) {
        String shown = library.toAbsolutePath().toString();
        try {
            SharedLibraryKind kind = SharedLibraryKind.of(library);
            if (kind != SharedLibraryKind.RELAX) {
                err.println("tvmbind describe: " + shown + (kind == SharedLibraryKind.FFI
                        ? " is a tvm-ffi library (it exports __tvm_ffi_ functions): describe reads"
                                + " Relax libraries (export_library's) so far; write its @TvmFfi"
                                + " interface from the library's own documentation"
                        : " is a shared library, but neither a Relax library (no"
                                + " __tvm_ffi__library_bin) nor a tvm-ffi library"));
                return Optional.empty();
            }
            RelaxLibraryFacts facts = RelaxLibraryReader.read(library, ProbeChild.of(runtime));
            if (facts.names().isPresent() && signature.isPresent()) {
                try {
                    facts = RelaxSignatureFile.merge(signature.get(), facts);
                } catch (UnreadableOutputException e) {
                    err.println("tvmbind describe: " + e.getMessage());
                    return Optional.empty();
                }
            }
            if (facts.names().isEmpty()) {
                err.println("tvmbind describe: " + shown + ": its executable's text is not as"
                        + " tvmbind reads it (another TVM release?), so its functions are unknown");
                return Optional.empty();
            }
            RelaxInterfaceWriter.Described described = RelaxInterfaceWriter.write(facts,
                    interfaceName(library), packageName, written);
            described.warnings().forEach(w -> err.println("tvmbind describe: warning: " + w));
            return Optional.of(List.of(described.file()));
        } catch (UnreadableOutputException e) {
            err.println("tvmbind describe: cannot read " + shown + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    /** {@code mlp.so} → {@code Mlp}, {@code keyword-spotter.so} → {@code KeywordSpotter}. */
    static String interfaceName(Path library) {
        String file = library.getFileName().toString();
        String stem = file.endsWith(".so") ? file.substring(0, file.length() - 3) : file;
        String camel = RelaxInterfaceWriter.javaName(stem, false);
        return Character.toUpperCase(camel.charAt(0)) + camel.substring(1);
    }
}

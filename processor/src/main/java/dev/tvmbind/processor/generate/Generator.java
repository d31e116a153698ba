package dev.tvmbind.processor.generate;

import com.palantir.javapoet.JavaFile;
import dev.tvmbind.check.tvm.HeaderStyle;
import dev.tvmbind.contract.CheckRecord;
import dev.tvmbind.contract.RelaxCheckRecord;
import dev.tvmbind.contract.ModelContract;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.generate.c.FfiHeaderWriter;
import dev.tvmbind.processor.generate.c.HeaderWriter;
import dev.tvmbind.processor.generate.java.BindingWriter;
import dev.tvmbind.processor.generate.java.FfiBindingWriter;
import dev.tvmbind.processor.generate.java.RelaxBindingWriter;
import dev.tvmbind.processor.model.CDeclarations;
import dev.tvmbind.processor.model.FfiSpec;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.Site;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.annotation.processing.Filer;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Makes the files of a valid model and writes them through the {@link Filer}, each with the model
 * interface as its one originating element: the header and the binding as a pair, or neither;
 * then copies the header to {@code -Atvmbind.headerDir} when given. Making them ({@link #render})
 * reads the model only; writing them is all that touches javac.
 */
public final class Generator {
    private final Filer filer;
    private final Optional<Path> headerDir;

    public Generator(Filer filer, Optional<Path> headerDir) {
        this.filer = filer;
        this.headerDir = headerDir;
    }

    /**
     * A model's files as text, ready to write.
     *
     * @param headerFile the header's file name; null for a binding without one (Relax)
     * @param header its text, or null
     * @param bindingName the binding's qualified name
     * @param binding its source
     * @param record what javac checked the model against, when it was
     */
    public record Rendered(String headerFile, String header, String bindingName, String binding,
            Optional<Record> record) {}

    /**
     * What javac checked the model against (CheckRecord), for the class output.
     *
     * @param path its path in the class output
     * @param text its text
     */
    public record Record(String path, String text) {}

    /**
     * @param contract the model's contract, which the binding states
     * @param style the header's style: TVM v0.18's, or that of the TVM output the model was
     *     checked against, so that the header is the one TVM wrote
     * @param checkedAgainst what javac checked the model against, to record beside its classes
     */
    public static Rendered render(ModelSpec model, ModelContract contract, HeaderStyle style,
            Optional<CheckRecord> checkedAgainst) {
        CDeclarations declarations = CDeclarations.of(model);
        BindingWriter.Written binding = BindingWriter.write(model, contract, declarations);
        JavaFile file = binding.file();
        String name = file.packageName().isEmpty() ? file.typeSpec().name()
                : file.packageName() + "." + file.typeSpec().name();
        String header = HeaderWriter.write(model, declarations, style);
        // The record describes the tensor part, as TVM's header does: a model with plain entry
        // points writes a header of its own, not TVM's.
        return new Rendered(declarations.headerFile(), header, name, binding.source(),
                checkedAgainst.map(record -> new Record(CheckRecord.path(model.binaryName()),
                        record.render())));
    }

    /**
     * A {@code @TvmFfi} interface's C++ header and binding, from its spec alone; a
     * {@code @TvmRelax} interface's binding (TVM's compiler wrote the native side: no header),
     * and what javac checked it against, when it was.
     */
    public static Rendered render(FfiSpec spec, Optional<RelaxCheckRecord> checkedAgainst) {
        JavaFile file = spec.relax() ? RelaxBindingWriter.write(spec) : FfiBindingWriter.write(spec);
        String name = file.packageName().isEmpty() ? file.typeSpec().name()
                : file.packageName() + "." + file.typeSpec().name();
        return spec.relax() ? new Rendered(null, null, name, file.toString(), checkedAgainst.map(
                record -> new Record(RelaxCheckRecord.path(spec.binaryName()), record.render())))
                : new Rendered(spec.headerFile(), FfiHeaderWriter.write(spec), name,
                        file.toString(), Optional.empty());
    }

    /**
     * @param origin the model interface: the originating element of every file, and where a
     *     failure to write is reported
     * @return what kept a file from being written; empty when both were
     */
    public List<Problem> write(Rendered rendered, TypeElement origin) {
        String fileName = rendered.headerFile();
        FileObject headerFile = null;
        if (fileName != null) {
            try {
                headerFile = filer.createResource(StandardLocation.SOURCE_OUTPUT, "", fileName,
                        origin);
                write(headerFile, rendered.header());
            } catch (IOException | RuntimeException e) {
                return List.of(Problem.writeFailed(Site.of(origin), fileName, e.getMessage()));
            }
        }
        try {
            write(filer.createSourceFile(rendered.bindingName(), origin), rendered.binding());
        } catch (IOException | RuntimeException e) {
            // A header without its binding would be half a model: take it back.
            if (headerFile != null) {
                headerFile.delete();
            }
            return List.of(Problem.writeFailed(Site.of(origin), rendered.bindingName(),
                    e.getMessage()));
        }
        if (rendered.record().isPresent()) {
            Record record = rendered.record().get();
            try {
                write(filer.createResource(StandardLocation.CLASS_OUTPUT, "", record.path(), origin),
                        record.text());
            } catch (IOException | RuntimeException e) {
                return List.of(Problem.writeFailed(Site.of(origin), record.path(),
                        e.getMessage()));
            }
        }
        return fileName == null ? List.of() : headerDir.map(dir -> copy(dir, fileName,
                rendered.header(), origin)).orElse(List.of());
    }

    /** Writes a created file whole, or deletes it. */
    private static void write(FileObject file, String text) throws IOException {
        try (Writer writer = file.openWriter()) {
            writer.write(text);
        } catch (IOException | RuntimeException e) {
            file.delete();
            throw e;
        }
    }

    private static List<Problem> copy(Path dir, String fileName, String header, TypeElement origin) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(fileName), header, StandardCharsets.UTF_8);
            return List.of();
        } catch (IOException | RuntimeException e) {
            return List.of(Problem.headerDirFailed(Site.of(origin), fileName, dir, e.toString()));
        }
    }
}

package dev.tvmbind.processor.generate;

import com.palantir.javapoet.JavaFile;
import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.generate.c.HeaderWriter;
import dev.tvmbind.processor.generate.java.BindingWriter;
import dev.tvmbind.processor.model.CDeclarations;
import dev.tvmbind.processor.model.HeaderStyle;
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
 * Writes the files of a valid model through the {@link Filer}, each with the model interface as
 * its one originating element: the header and the binding as a pair, or neither; then copies the
 * header to {@code -Atvmbind.headerDir} when given.
 */
public final class Generator {
    private final Filer filer;
    private final Optional<Path> headerDir;

    public Generator(Filer filer, Optional<Path> headerDir) {
        this.filer = filer;
        this.headerDir = headerDir;
    }

    /**
     * @param origin the model interface: the originating element of every file, and where a
     *     failure to write is reported
     * @param style the header's style: TVM v0.18's, or that of the TVM output the model was
     *     checked against, so that the header is the one TVM wrote
     * @return what kept a file from being written; empty when both were
     */
    public List<Problem> generate(ModelSpec model, TypeElement origin, HeaderStyle style) {
        CDeclarations declarations = CDeclarations.of(model);
        BindingWriter.Result binding = BindingWriter.write(model, declarations, origin);
        if (!binding.problems().isEmpty()) {
            return binding.problems();
        }
        String fileName = declarations.headerFile();
        String header = HeaderWriter.write(model, declarations, style);
        FileObject headerFile;
        try {
            headerFile = filer.createResource(StandardLocation.SOURCE_OUTPUT, "", fileName, origin);
            write(headerFile, header);
        } catch (IOException | RuntimeException e) {
            return List.of(Problem.of(Message.WRITE_FAILED, Site.of(origin), fileName, e.getMessage()));
        }
        JavaFile file = binding.file();
        try {
            file.writeTo(filer);
        } catch (IOException | RuntimeException e) {
            // A header without its binding would be half a model: take it back.
            headerFile.delete();
            return List.of(Problem.of(Message.WRITE_FAILED, Site.of(origin),
                    qualifiedName(file), e.getMessage()));
        }
        return headerDir.map(dir -> copy(dir, fileName, header, origin)).orElse(List.of());
    }

    private static String qualifiedName(JavaFile file) {
        return file.packageName().isEmpty() ? file.typeSpec().name()
                : file.packageName() + "." + file.typeSpec().name();
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
            return List.of(Problem.of(Message.HEADER_DIR, Site.of(origin), fileName, dir, e.toString()));
        }
    }
}

package dev.tvmbind.processor.generate;

import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.diag.Reporter;
import dev.tvmbind.processor.generate.c.HeaderWriter;
import dev.tvmbind.processor.generate.java.BindingWriter;
import dev.tvmbind.processor.model.HeaderStyle;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.Site;
import dev.tvmbind.processor.naming.CNames;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import javax.annotation.processing.Filer;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Writes the files of a valid model through the {@link Filer}, each with the model interface as
 * its one originating element, and copies the header to {@code -Atvmbind.headerDir} when given.
 */
public final class Generator {
    private final Filer filer;
    private final Reporter reporter;
    private final Optional<Path> headerDir;

    public Generator(Filer filer, Reporter reporter, Optional<Path> headerDir) {
        this.filer = filer;
        this.reporter = reporter;
        this.headerDir = headerDir;
    }

    /**
     * @param origin the model interface: the originating element of every file, and where a
     *     failure to write is reported
     * @param style the header's style: TVM v0.18's, or that of the TVM output the model was
     *     checked against, so that the header is the one TVM wrote
     */
    public void generate(ModelSpec model, TypeElement origin, HeaderStyle style) {
        writeHeader(model, origin, style);
        String binding = BindingWriter.qualifiedName(model);
        try {
            write(filer.createSourceFile(binding, origin), BindingWriter.write(model));
        } catch (IOException | RuntimeException e) {
            reporter.error(Message.WRITE_FAILED, Site.of(origin), binding, e.getMessage());
        }
    }

    /** Writes a created file whole, or deletes it, so that javac never compiles half a binding. */
    private static void write(FileObject file, String text) throws IOException {
        try (Writer writer = file.openWriter()) {
            writer.write(text);
        } catch (IOException | RuntimeException e) {
            file.delete();
            throw e;
        }
    }

    private void writeHeader(ModelSpec model, TypeElement origin, HeaderStyle style) {
        String fileName = CNames.headerFile(model.cModel());
        String header = HeaderWriter.write(model, style);
        try {
            write(filer.createResource(StandardLocation.SOURCE_OUTPUT, "", fileName, origin), header);
        } catch (IOException | RuntimeException e) {
            reporter.error(Message.WRITE_FAILED, Site.of(origin), fileName, e.getMessage());
            return;
        }
        headerDir.ifPresent(dir -> copy(dir, fileName, header, origin));
    }

    private void copy(Path dir, String fileName, String header, TypeElement origin) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(fileName), header, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            reporter.error(Message.HEADER_DIR, Site.of(origin), fileName, dir, e.toString());
        }
    }
}

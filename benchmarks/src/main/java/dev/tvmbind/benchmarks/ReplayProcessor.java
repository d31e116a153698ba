package dev.tvmbind.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * For each {@code @TvmModel} interface, writes through the Filer the binding and header that
 * tvmbind generated for it in an earlier run (read from {@code -Areplay.dir}), with the interface
 * as their originating element, and does nothing else. {@link ProcessorBench} runs javac with it
 * to measure what generating these files costs javac by itself (the extra rounds, the Filer's
 * checks), apart from what tvmbind does to make them.
 */
public final class ReplayProcessor extends AbstractProcessor {
    static final String DIR_OPTION = "replay.dir";
    private static final Pattern HEADER = Pattern.compile("HEADER = \"([^\"]+)\"");

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of("dev.tvmbind.TvmModel");
    }

    @Override
    public Set<String> getSupportedOptions() {
        return Set.of(DIR_OPTION);
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        Path dir = Path.of(processingEnv.getOptions().get(DIR_OPTION));
        try {
            for (TypeElement annotation : annotations) {
                for (Element element : round.getElementsAnnotatedWith(annotation)) {
                    replay(dir, (TypeElement) element);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return false;
    }

    private void replay(Path dir, TypeElement model) throws IOException {
        String binding = model.getQualifiedName() + "Binding";
        String source = Files.readString(dir.resolve(binding.replace('.', '/') + ".java"));
        write(processingEnv.getFiler().createSourceFile(binding, model), source);
        Matcher header = HEADER.matcher(source);
        if (!header.find()) {
            throw new IllegalStateException("no HEADER constant in " + binding);
        }
        String name = header.group(1);
        write(processingEnv.getFiler().createResource(StandardLocation.SOURCE_OUTPUT, "", name, model),
                Files.readString(dir.resolve(name)));
    }

    private static void write(FileObject file, String text) throws IOException {
        try (Writer writer = file.openWriter()) {
            writer.write(text);
        }
    }
}

package dev.tvmbind.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import dev.tvmbind.Device;
import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;
import dev.tvmbind.WorkspacePool;
import dev.tvmbind.processor.generate.c.HeaderCases;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** What build tools rely on: deterministic output, one originating element per file, the descriptors. */
class BuildContractTest {
    private static final List<JavaFileObject> SOURCES = List.copyOf(HeaderCases.all().values());

    @Test
    void outputIsByteIdenticalAcrossBuildsAndSourceOrders() throws IOException {
        Map<String, String> first = generated(Sources.compile(SOURCES.toArray(JavaFileObject[]::new)));
        Map<String, String> again = generated(Sources.compile(SOURCES.toArray(JavaFileObject[]::new)));
        List<JavaFileObject> reversed = new ArrayList<>(SOURCES);
        java.util.Collections.reverse(reversed);
        Map<String, String> backwards = generated(Sources.compile(reversed.toArray(JavaFileObject[]::new)));
        // A header and a binding per model, and the compilation's one list of providers.
        assertEquals(2 * SOURCES.size() + 1, first.size(), first.keySet().toString());
        assertEquals(first, again);
        assertEquals(first, backwards);
    }

    @Test
    void everyGeneratedFileHasExactlyOneOriginatingElementTheModelButTheListOfProviders() {
        List<String> created = new ArrayList<>();
        Compilation compilation = Compiler.javac()
                .withProcessors(new RecordingProcessor(created))
                .compile(SOURCES.toArray(JavaFileObject[]::new));
        assertThat(compilation).succeeded();
        assertEquals(2 * SOURCES.size() + 1, created.size(), created.toString());
        String providers = created.removeLast();
        for (String file : created) {
            assertTrue(file.matches(".* <- \\[golden\\.\\w+\\]"), file);
        }
        // Written in the last round, with every model as its origin: the processor is aggregating.
        assertTrue(providers.startsWith("META-INF/services/dev.tvmbind.runtime.ModelProvider <- [golden."),
                providers);
        assertEquals(SOURCES.size(), providers.split(",").length, providers);
        assertTrue(created.contains("tvmgen_ultimate_cat_spotter.h <- [golden.CatSpotter]"), created.toString());
        assertTrue(created.contains("golden.CatSpotterBinding <- [golden.CatSpotter]"), created.toString());
    }

    @Test
    void annotationsHaveClassRetention() {
        for (Class<?> annotation : List.of(TvmModel.class, EntryPoint.class, Input.class, Output.class,
                WorkspacePool.class, Device.class)) {
            assertEquals(RetentionPolicy.CLASS, annotation.getAnnotation(Retention.class).value(),
                    annotation.getName());
        }
    }

    @Test
    void processorIsRegisteredForJavacAndDeclaredAggregatingToGradle() throws IOException {
        assertEquals("dev.tvmbind.processor.TvmBindProcessor",
                resource("META-INF/services/javax.annotation.processing.Processor").strip());
        assertEquals(TvmBindProcessor.class.getName() + ",aggregating",
                resource("META-INF/gradle/incremental.annotation.processors").strip());
        TvmBindProcessor processor = new TvmBindProcessor();
        assertEquals(Set.of("tvmbind.prefix", "tvmbind.strict", "tvmbind.significantChars",
                "tvmbind.headerDir", "tvmbind.tvmOutput", "tvmbind.tvmRuntime"),
                processor.getSupportedOptions());
        assertEquals(SourceVersion.latestSupported(), processor.getSupportedSourceVersion());
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = TvmBindProcessor.class.getClassLoader().getResourceAsStream(name)) {
            assertTrue(in != null, name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Map<String, String> generated(Compilation compilation) throws IOException {
        assertThat(compilation).succeeded();
        Map<String, String> files = new TreeMap<>();
        for (JavaFileObject file : compilation.generatedFiles()) {
            if (file.getKind() == JavaFileObject.Kind.CLASS) {
                continue;
            }
            try (InputStream in = file.openInputStream()) {
                files.put(file.toUri().getPath(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        return files;
    }

    /** The processor, with a Filer that records each file's originating elements. */
    private static final class RecordingProcessor extends AbstractProcessor {
        private final TvmBindProcessor delegate = new TvmBindProcessor();
        private final List<String> created;

        RecordingProcessor(List<String> created) {
            this.created = created;
        }

        @Override
        public synchronized void init(ProcessingEnvironment env) {
            super.init(env);
            Filer filer = env.getFiler();
            Filer recording = (Filer) Proxy.newProxyInstance(Filer.class.getClassLoader(),
                    new Class<?>[] {Filer.class}, (self, method, args) -> {
                        switch (method.getName()) {
                            case "createSourceFile" -> created.add(args[0] + " <- "
                                    + names((Element[]) args[1]));
                            case "createResource" -> created.add(args[2] + " <- "
                                    + names((Element[]) args[3]));
                            default -> { }
                        }
                        return method.invoke(filer, args);
                    });
            delegate.init((ProcessingEnvironment) Proxy.newProxyInstance(
                    ProcessingEnvironment.class.getClassLoader(), new Class<?>[] {ProcessingEnvironment.class},
                    (self, method, args) -> method.getName().equals("getFiler") ? recording
                            : method.invoke(env, args)));
        }

        private static String names(Element[] elements) {
            List<String> names = new ArrayList<>();
            for (Element element : elements) {
                names.add(((TypeElement) element).getQualifiedName().toString());
            }
            return names.toString();
        }

        @Override
        public Set<String> getSupportedAnnotationTypes() {
            return delegate.getSupportedAnnotationTypes();
        }

        @Override
        public SourceVersion getSupportedSourceVersion() {
            return delegate.getSupportedSourceVersion();
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
            return delegate.process(annotations, round);
        }
    }
}

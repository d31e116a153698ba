package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.testing.TvmFfi;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code describe libx.so} for a tvm-ffi library, by the processor jar (the library read in a
 * child JVM): with metadata, every function a method whose types the load's check accepts, the
 * interface compiling and its binding loading and calling; without, each function a comment to
 * complete, said once, and the interface still compiles. On both pins.
 */
class FfiDescribeTest {
    @TempDir
    Path dir;

    @Test
    void aLibraryWithMetadataIsDescribedExactly() throws Exception {
        Path library = FfiLibraries.of("ffi_types", true);
        Path src = dir.resolve("src");
        ProcessorJar.Run described = describe(library, src);
        assertEquals(0, described.status(), described.output());
        Path source = src.resolve("app/FfiTypesMetadata.java");
        String text = Files.readString(source);
        assertTrue(text.contains("long addInts(long arg0, long arg1);"), text);
        assertTrue(text.contains("double sumOwned(@TvmFfi.Owned Tensor arg0);"), text);
        assertTrue(text.contains("String echo(String arg0);"), text);
        assertEquals("", javac(src, dir.resolve("classes")));
        try (URLClassLoader loader = new URLClassLoader(new java.net.URL[] {
                dir.resolve("classes").toUri().toURL()}, getClass().getClassLoader())) {
            Class<?> binding = loader.loadClass("app.FfiTypesMetadataBinding");
            // The load compares every method with its schema: it would refuse a wrong one.
            Object loaded = binding.getMethod("load", Path.class).invoke(null, library);
            Class<?> type = loaded.getClass().getInterfaces()[0];
            Method add = type.getMethod("addInts", long.class, long.class);
            assertEquals(5L, add.invoke(loaded, 2L, 3L));
            assertEquals("hi", type.getMethod("echo", String.class).invoke(loaded, "hi"));
        }
    }

    @Test
    void withoutMetadataEachFunctionIsACommentToComplete() throws Exception {
        Path library = FfiLibraries.of("ffi_types", false);
        Path src = dir.resolve("src");
        ProcessorJar.Run described = describe(library, src);
        assertEquals(0, described.status(), described.output());
        assertTrue(described.output().contains("tvmbind describe: warning: 29 of 29 functions"
                + " export no schema (the library was built without"
                + " -DTVM_FFI_DLL_EXPORT_INCLUDE_METADATA=1): each is a comment to complete by"
                + " hand, and loads unchecked"), described.output());
        String text = Files.readString(src.resolve("app/FfiTypes.java"));
        assertTrue(text.contains("    // __tvm_ffi_add_ints:\n    // <result> addInts(<parameters>);"),
                text);
        assertTrue(text.contains("-DTVM_FFI_DLL_EXPORT_INCLUDE_METADATA=1}, a library exports its"
                + " schemas"), text);
        assertEquals("", javac(src, dir.resolve("classes")));
    }

    /** A load with functions no schema checks says so once, on the dev.tvmbind logger (DEBUG). */
    @Test
    void aLoadWithoutSchemasSaysSoOnce() throws Exception {
        java.util.logging.Logger logger = java.util.logging.Logger.getLogger("dev.tvmbind");
        List<String> said = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Handler handler = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                said.add(record.getLevel() + " " + record.getMessage());
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        java.util.logging.Level level = logger.getLevel();
        logger.setLevel(java.util.logging.Level.ALL);
        logger.addHandler(handler);
        try {
            FfiTypesBinding.load(FfiLibraries.of("ffi_types", false));
        } finally {
            logger.removeHandler(handler);
            logger.setLevel(level);
        }
        List<String> unchecked = said.stream().filter(s -> s.contains("load unchecked")).toList();
        assertEquals(1, unchecked.size(), said.toString());
        assertTrue(unchecked.getFirst().startsWith("FINE dev.tvmbind.it.FfiTypes over the library "),
                unchecked.getFirst());
        assertTrue(unchecked.getFirst().contains("functions load unchecked (long addInts(long a,"
                + " long b), "), unchecked.getFirst());
    }

    /** A misspelt function is refused naming what the library exports nearest to it. */
    @Test
    void aMissingFunctionNamesTheNearestExported() throws Exception {
        Path src = dir.resolve("src");
        ChildJvm.write(src.resolve("app/Misspelt.java"), """
                package app;

                import dev.tvmbind.TvmFfi;

                @TvmFfi
                public interface Misspelt {
                    long addInt(long a, long b);

                    String eco(String text);
                }
                """);
        assertEquals("", javac(src, dir.resolve("classes")));
        try (URLClassLoader loader = new URLClassLoader(new java.net.URL[] {
                dir.resolve("classes").toUri().toURL()}, getClass().getClassLoader())) {
            Method load = loader.loadClass("app.MisspeltBinding").getMethod("load", Path.class);
            Path library = FfiLibraries.of("ffi_types", false);
            java.lang.reflect.InvocationTargetException e = org.junit.jupiter.api.Assertions
                    .assertThrows(java.lang.reflect.InvocationTargetException.class,
                            () -> load.invoke(null, library));
            assertTrue(e.getCause() instanceof dev.tvmbind.runtime.MissingSymbolsError,
                    String.valueOf(e.getCause()));
            assertTrue(e.getCause().getMessage().endsWith("; nearest exported: __tvm_ffi_add_ints"
                    + " for __tvm_ffi_add_int, __tvm_ffi_echo for __tvm_ffi_eco"),
                    e.getCause().getMessage());
        }
    }

    private static ProcessorJar.Run describe(Path library, Path src) throws Exception {
        return ProcessorJar.run(List.of("-Dtvmbind.tvmFfi=" + TvmFfi.installed()), "describe",
                library.toString(), "--package", "app", "--out", src.toString());
    }

    private static String javac(Path src, Path classes) throws Exception {
        List<String> args = new ArrayList<>(List.of("-d", Files.createDirectories(classes)
                .toString(), "-proc:full", "-processorpath", ProcessorJar.path().toString(),
                "-cp", ProcessorJar.runtimeClassPath(), "-Xlint:all,-processing", "-Werror"));
        try (Stream<Path> files = Files.walk(src)) {
            files.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
        }
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        ToolProvider.getSystemJavaCompiler().run(null, output, output, args.toArray(String[]::new));
        return output.toString(StandardCharsets.UTF_8);
    }
}

package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No grant lent (SPEC §2): an application module and a model module with native access, and a
 * third module without it that gets every provider from {@code ServiceLoader}, every exported
 * type's public methods and constructors by reflection, and builds libraries from lookups of its
 * own, under {@code --illegal-native-access=deny}. It knows the address of a native function that
 * counts its calls, and the path of a library whose constructor leaves a file: neither may run,
 * while the app and the model module work before and after. The sources are
 * {@code src/test/modules/no-grant}.
 */
class NoGrantLentTest {
    private static final Path SOURCES = Path.of("src/test/modules/no-grant");

    @TempDir Path dir;

    @Test
    void aModuleWithoutNativeAccessCannotMakeANativeCallOfItsChoosing() throws Exception {
        String runtime = ChildJvm.runtimeModulePath();
        Path mods = dir.resolve("mods");
        Path generated = dir.resolve("generated");
        ChildJvm.javac(SOURCES.resolve("model"), mods.resolve("model"), generated, runtime);
        ChildJvm.javac(SOURCES.resolve("third"), mods.resolve("third"), null, runtime);
        String modulePath = String.join(File.pathSeparator, mods.resolve("model").toString(),
                mods.resolve("third").toString(), runtime);
        ChildJvm.javac(SOURCES.resolve("app"), mods.resolve("app"), null, modulePath);
        Path models = gcc("models", "-I", generated.toString());
        Path target = gcc("target");
        Path evil = gcc("evil");
        Path marker = dir.resolve("evil-loaded");

        String output = ChildJvm.run(List.of(ChildJvm.java(), "--module-path",
                mods.resolve("app") + File.pathSeparator + modulePath,
                "--enable-native-access=app,model,dev.tvmbind.runtime", "--illegal-native-access=deny",
                "-m", "app/app.Main", models.toString(), target.toString(), evil.toString(),
                marker.toString()), Map.of("EVIL_MARKER", marker.toString()));

        List<String> lines = output.lines().toList();
        assertEquals(List.of("before: 42 42 42 8",
                "TvmLibrary.of(any lookup): IllegalCallerException",
                "TvmLibrary.open(evil): IllegalCallerException",
                "TvmLibrary.open(evil, 2): IllegalCallerException",
                "TvmModels.load(any lookup): IllegalCallerException",
                "TvmModels.load(evil): IllegalCallerException",
                "AdderBinding.load(any lookup): IllegalCallerException",
                "AdderBinding.load(evil): IllegalCallerException",
                "AdderBinding.load(copies): IllegalCallerException",
                "Linking.link(the binding's class): IllegalArgumentException",
                "FfiValues.toText(a result it wrote): NullPointerException",
                "the app's library: ran, 42"), lines.subList(0, 12), output);
        int calls = Integer.parseInt(lines.get(12).replaceAll("sweep: (\\d+) calls", "$1"));
        assertTrue(calls > 300, "the sweep made " + calls + " calls:\n" + output);
        // What it called no member of: types it can get no instance of (generated code's, and
        // what only a vouched lookup makes), and the one failure it never provoked.
        assertEquals("members not reached: [FailedRun.exception, FfiCallback.read,"
                + " FfiCallback.set,"
                + " FfiFunction.checked,"
                + " FfiFunction.method, FfiFunction.schema, FfiFunction.symbol,"
                + " FfiFunction.toString, FfiLibrary.raised,"
                + " FfiLibrary.release, FfiReturnedFunction.call, Invoker.invoke,"
                + " MissingSymbolsError.header,"
                + " MissingSymbolsError.missing,"
                + " TvmFfiException.backtrace, TvmFfiException.errorMessage, TvmFfiException.kind,"
                + " Vouched.find, Vouched.ownedBy, Vouched.toString]", lines.get(13), output);
        assertEquals(List.of("target called: 0", "evil loaded: false", "after: 42 42 42 8"),
                lines.subList(14, lines.size()), output);
        assertTrue(Files.notExists(marker), output);
    }

    private Path gcc(String name, String... flags) throws IOException, InterruptedException {
        Path library = dir.resolve("lib" + name + ".so");
        List<String> command = new java.util.ArrayList<>(List.of("gcc", "-std=c11", "-Wall",
                "-Wextra", "-Werror", "-shared", "-fPIC", "-o", library.toString()));
        command.addAll(List.of(flags));
        command.add(SOURCES.resolve("c/" + name + ".c").toString());
        ChildJvm.run(command);
        return library;
    }
}

package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No grant lent (SPEC §2): an application module and a model module with native access, and a
 * third module without it, under {@code --illegal-native-access=deny}. The third knows the address
 * of a native function that counts its calls, and the path of a library whose constructor leaves a
 * file: neither may run, while the app and the model module work before and after.
 *
 * <p>The third tries each door by name every way a deputy could carry it ({@code Grants}: from a
 * method the app calls, on the app's own pool whose threads run tasks inside the app's code, on the
 * common pool, as a lambda, a method reference, a JDK-made {@code MethodHandleProxies} proxy and
 * through reflection), naming itself, its nestmates and its own lookup wherever a door takes a
 * binding's identity, and registers a description of its own with a borrowed provider. Then it
 * sweeps every exported public member with what earlier calls returned ({@code Attack}). It is
 * tried on the module path and on the class path; the control grants it native access, and then
 * the target runs and the evil library loads. The sources are {@code src/test/modules/no-grant}.
 */
class NoGrantLentTest {
    private static final Path SOURCES = Path.of("src/test/modules/no-grant");

    /** Every door refused, every way, wherever the third module is. */
    private static final List<String> REFUSED = List.of(
            "TvmLibrary.of(any lookup): IllegalCallerException",
            "TvmLibrary.open(evil): IllegalCallerException",
            "TvmLibrary.open(evil, 2): IllegalCallerException",
            "TvmModels.load(any lookup): IllegalCallerException",
            "TvmModels.load(evil): IllegalCallerException",
            "AdderBinding.load(any lookup): IllegalCallerException",
            "AdderBinding.load(evil): IllegalCallerException",
            "AdderBinding.load(copies): IllegalCallerException",
            "PrivateCopies.load(evil): IllegalCallerException",
            "NativeAccess.vouch(any lookup, as itself): IllegalCallerException",
            "Libraries.open(evil, as itself): IllegalCallerException",
            "Linking.link(its own class): IllegalCallerException",
            "Linking.link(the binding's class): IllegalArgumentException",
            "FfiLinking.link(its own class): IllegalCallerException",
            "TvmLibrary.executor(its own description): IllegalArgumentException",
            "TvmLibrary.model(its own description): IllegalArgumentException",
            "TvmLibrary::open run by the app's pool: IllegalCallerException",
            "TvmLibrary::of run by the app's pool: IllegalCallerException",
            "TvmLibrary::of run by the common pool: IllegalCallerException");

    @TempDir Path dir;

    private Path mods;
    private String modulePath;
    private Path models;
    private Path target;
    private Path evil;
    private Path marker;

    @BeforeEach
    void build() throws Exception {
        String runtime = ChildJvm.runtimeModulePath();
        mods = dir.resolve("mods");
        Path generated = dir.resolve("generated");
        ChildJvm.javac(SOURCES.resolve("model"), mods.resolve("model"), generated, runtime);
        modulePath = String.join(File.pathSeparator, mods.resolve("model").toString(), runtime);
        ChildJvm.javac(SOURCES.resolve("third"), mods.resolve("third"), null, modulePath);
        ChildJvm.javac(SOURCES.resolve("app"), mods.resolve("app"), null, modulePath);
        models = gcc("models", "-I", generated.toString());
        target = gcc("target");
        evil = gcc("evil");
        marker = dir.resolve("evil-loaded");
    }

    @Test
    void aModuleWithoutNativeAccessCannotMakeANativeCallOfItsChoosing() throws Exception {
        List<String> lines = run(List.of("--module-path", modulePath(true), "--add-modules",
                "third", "--enable-native-access=app,model,dev.tvmbind.runtime"), "sweep");
        String output = String.join("\n", lines);
        assertEquals("before: 42 42 42 8", lines.get(0), output);
        assertEquals(REFUSED, lines.subList(1, 1 + REFUSED.size()), output);
        List<String> sweep = lines.subList(1 + REFUSED.size(), lines.size());
        assertEquals(List.of("FfiValues.toText(a result it wrote): NullPointerException",
                "the app's library: ran, 42"), sweep.subList(0, 2), output);
        int calls = Integer.parseInt(sweep.get(2).replaceAll("sweep: (\\d+) calls", "$1"));
        assertTrue(calls > 300, "the sweep made " + calls + " calls:\n" + output);
        // What it called no member of: types it can get no instance of (generated code's, and
        // what only a vouched lookup makes), and the one failure it never provoked.
        assertEquals("members not reached: [FailedRun.exception, FfiLibrary.raised,"
                + " FfiLibrary.release, FfiObject.close, FfiObject.isOpen, FfiObject.toString,"
                + " FfiObject.typeIndex, FfiObject.typeKey, FfiReturnedFunction.call,"
                + " Invoker.invoke,"
                + " MissingSymbolsError.header,"
                + " MissingSymbolsError.missing,"
                + " RelaxBinding.call, RelaxBinding.close, RelaxBinding.toString,"
                + " RelaxLibrary.close, RelaxLibrary.functions, RelaxLibrary.newMachine,"
                + " RelaxLibrary.path, RelaxLibrary.stats, RelaxMachine.call, RelaxMachine.close,"
                + " RelaxMachine.vmCall, RelaxModule.call, RelaxModule.close,"
                + " RelaxModule.functions, RelaxModule.stats, RelaxModule.toString, RelaxModule.vm,"
                + " RelaxVm.arity,"
                + " RelaxVm.call, RelaxVm.close, RelaxVm.getOutput, RelaxVm.invokeStateful,"
                + " RelaxVm.parameterName, RelaxVm.setInput,"
                + " Vouched.fileOrNull, Vouched.find, Vouched.ownedBy, Vouched.toString]",
                sweep.get(3), output);
        assertEquals(List.of("target called: 0", "evil loaded: false", "after: 42 42 42 8"),
                sweep.subList(4, sweep.size()), output);
        assertTrue(Files.notExists(marker), output);
    }

    @Test
    void onTheClassPathToo() throws Exception {
        List<String> lines = run(List.of("--module-path", modulePath(false), "--class-path",
                mods.resolve("third").toString(),
                "--enable-native-access=app,model,dev.tvmbind.runtime"), "doors");
        String output = String.join("\n", lines);
        assertEquals(REFUSED, lines.subList(1, 1 + REFUSED.size()), output);
        assertEquals(List.of("target called: 0", "evil loaded: false", "after: 42 42 42 8"),
                lines.subList(1 + REFUSED.size(), lines.size()), output);
        assertTrue(Files.notExists(marker), output);
    }

    /**
     * The control: granted native access, the third's doors open where it calls them itself, so
     * the test sees a call when one happens; a JDK-made proxy still delegates nothing.
     */
    @Test
    void grantedNativeAccessTheSameAttacksGetThrough() throws Exception {
        List<String> lines = run(List.of("--module-path", modulePath(true), "--add-modules",
                "third", "--enable-native-access=app,model,dev.tvmbind.runtime,third"), "doors");
        String output = String.join("\n", lines);
        assertEquals("TvmLibrary.open(evil): inline=returned TvmLibrary, own thread=returned"
                + " TvmLibrary, app pool=returned TvmLibrary, app pool via proxy="
                + "IllegalCallerException, common pool via proxy=IllegalCallerException,"
                + " reflection=returned TvmLibrary", lines.get(2), output);
        int called = Integer.parseInt(lines.get(lines.size() - 3).replace("target called: ", ""));
        assertTrue(called > 0, output);
        assertEquals("evil loaded: true", lines.get(lines.size() - 2), output);
        assertTrue(Files.exists(marker), output);
    }

    private String modulePath(boolean withThird) {
        return mods.resolve("app") + File.pathSeparator + (withThird ? mods.resolve("third")
                + File.pathSeparator : "") + modulePath;
    }

    private List<String> run(List<String> options, String mode) throws Exception {
        List<String> command = new ArrayList<>(List.of(ChildJvm.java()));
        command.addAll(options);
        command.addAll(List.of("--illegal-native-access=deny", "-m", "app/app.Main",
                models.toString(), target.toString(), evil.toString(), marker.toString(), mode));
        return ChildJvm.run(command, Map.of("EVIL_MARKER", marker.toString())).lines().toList();
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

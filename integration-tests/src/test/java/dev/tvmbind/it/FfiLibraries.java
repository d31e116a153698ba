package dev.tvmbind.it;

import dev.tvmbind.check.testing.TvmFfi;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Libraries that export functions through tvm-ffi's C ABI, built from {@code src/test/ffi} with
 * g++ against the tvm-ffi build of {@link TvmFfi} (its headers as system headers, linked with
 * {@code -Wl,-z,defs}), once per test JVM.
 */
final class FfiLibraries {
    private FfiLibraries() {}

    /**
     * @param name the source's name, {@code src/test/ffi/<name>.cc}
     * @param metadata whether the library exports its functions' type schemas too
     */
    static synchronized Path of(String name, boolean metadata) throws Exception {
        Path install = TvmFfi.installed();
        Path library = Path.of(System.getProperty("tvmbind.native"), "ffi",
                "lib" + name + (metadata ? "-metadata" : "") + ".so");
        if (Files.isRegularFile(library)) {
            return library;
        }
        Files.createDirectories(library.getParent());
        List<String> command = new ArrayList<>(List.of("g++", "-std=c++17", "-O2", "-shared",
                "-fPIC", "-Wall", "-Werror", "-isystem", install.resolve("include").toString(),
                "-L", install.resolve("lib").toString(), "-Wl,-rpath," + install.resolve("lib"),
                "-Wl,-z,defs"));
        if (metadata) {
            command.add("-DTVM_FFI_DLL_EXPORT_INCLUDE_METADATA=1");
        }
        command.addAll(List.of("-o", library.toString(),
                Path.of("src/test/ffi", name + ".cc").toString(), "-ltvm_ffi"));
        ChildJvm.run(command);
        return library;
    }
}

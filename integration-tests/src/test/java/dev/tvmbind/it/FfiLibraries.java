package dev.tvmbind.it;

import dev.tvmbind.check.testing.TvmFfi;
import dev.tvmbind.check.testing.Wheels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Libraries that export functions through tvm-ffi's C ABI, built from {@code src/test/ffi} with
 * g++ against the wheel of {@link TvmFfi} (its headers as system headers, linked with
 * {@code -Wl,-z,defs}), once per test JVM.
 */
final class FfiLibraries {
    private FfiLibraries() {}

    /**
     * @param name the source's name, {@code src/test/ffi/<name>.cc}
     * @param metadata whether the library exports its functions' type schemas too
     */
    static synchronized Path of(String name, boolean metadata) throws Exception {
        return build("lib" + name + (metadata ? "-metadata" : "") + ".so",
                Path.of("src/test/ffi", name + ".cc"), metadata, true);
    }

    /**
     * A library built as TVM builds its exported kernels: without {@code -ltvm_ffi} (no
     * {@code NEEDED} entry), its C API left for the global scope to provide.
     */
    static synchronized Path unlinked(String name) throws Exception {
        return build("lib" + name + ".so", Path.of("src/test/ffi", name + ".cc"), false, false);
    }

    /**
     * One of tvm-ffi's own examples, built as its {@code raw_compile.sh} builds it: C++ with g++,
     * C with gcc as C11.
     *
     * @param example the source under {@code shared/tvm-ffi/src/examples}, e.g.
     *     {@code quickstart/compile/add_one_cpu.cc}
     */
    static synchronized Path example(String example) throws Exception {
        Path source = TvmFfi.sources().resolve("examples").resolve(example);
        return build("lib" + example.replaceAll("[/.]", "_") + ".so", source, false, true);
    }

    private static Path build(String file, Path source, boolean metadata, boolean linked)
            throws Exception {
        Path install = TvmFfi.installed();
        // Built against the wheel of the pins the tests run on, apart from the other pins'.
        Path library = Path.of(System.getProperty("tvmbind.native"), "ffi-"
                + Wheels.Pins.selected().name().toLowerCase(java.util.Locale.ROOT), file);
        if (Files.isRegularFile(library)) {
            return library;
        }
        Files.createDirectories(library.getParent());
        boolean c = source.toString().endsWith(".c");
        List<String> command = new ArrayList<>(List.of(c ? "gcc" : "g++",
                c ? "-std=c11" : "-std=c++17", "-O2", "-shared", "-fPIC", "-Wall", "-Werror",
                "-isystem", install.resolve("include").toString(),
                "-L", install.resolve("lib").toString(), "-Wl,-rpath," + install.resolve("lib")));
        if (linked) {
            command.add("-Wl,-z,defs");
        }
        if (metadata) {
            command.add("-DTVM_FFI_DLL_EXPORT_INCLUDE_METADATA=1");
        }
        command.addAll(List.of("-o", library.toString(), source.toString()));
        if (linked) {
            command.add("-ltvm_ffi");
        }
        ChildJvm.run(command);
        return library;
    }
}

package dev.tvmbind.examples;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.ffi.FfiFunction;
import dev.tvmbind.runtime.ffi.Tensor;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The tvm-ffi example: {@code src/main/cpp/image_kernels.cc}, written against the header javac
 * generated from {@link ImageKernels}, built with the README's g++ line against the pinned
 * apache-tvm-ffi wheel (with its schemas exported), loaded checked and called on the sample
 * images. Where the wheels cannot be had it says so and is skipped.
 */
final class FfiExample {
    private FfiExample() {}

    /**
     * @param wheels the file the build wrote: the wheels' {@code sitePackages}, or why they were
     *     {@code skipped}
     * @param library where the kernels are built to
     */
    static void run(Path wheels, Path library) throws IOException, InterruptedException {
        Optional<Properties> found = PinnedWheels.read(wheels);
        if (found.isEmpty()) {
            return;
        }
        Properties environment = found.get();
        Path ffi = Path.of(environment.getProperty("sitePackages"), "tvm_ffi");
        Files.createDirectories(library.getParent());
        Process gpp = new ProcessBuilder("g++", "-std=c++17", "-O2", "-shared", "-fPIC",
                "-DTVM_FFI_DLL_EXPORT_INCLUDE_METADATA=1", "-I", "target/include", "-isystem",
                ffi.resolve("include").toString(), "src/main/cpp/image_kernels.cc",
                "-L", ffi.resolve("lib").toString(), "-ltvm_ffi",
                "-Wl,-rpath," + ffi.resolve("lib"), "-o", library.toString()).inheritIO().start();
        if (gpp.waitFor() != 0) {
            throw new IllegalStateException("g++ failed on image_kernels.cc: " + gpp.exitValue());
        }
        ImageKernels kernels = ImageKernelsBinding.load(library);
        List<FfiFunction> functions = ImageKernelsBinding.functions(kernels);
        System.out.println("   " + functions.stream().filter(FfiFunction::checked).count() + " of "
                + functions.size() + " functions checked against the schemas the library exports");
        try (Arena arena = Arena.ofConfined()) {
            for (Map.Entry<String, float[]> image : Samples.images().entrySet()) {
                MemorySegment lit = arena.allocate(ValueLayout.JAVA_FLOAT, 64);
                double mean;
                try (Tensor pixels = Tensor.of(arena.allocateFrom(ValueLayout.JAVA_FLOAT,
                        image.getValue()), DType.FLOAT32, 8, 8);
                        Tensor out = Tensor.of(lit, DType.FLOAT32, 8, 8)) {
                    mean = kernels.mean(pixels);
                    kernels.threshold(pixels, 0.5, out);
                }
                long count = 0;
                for (float pixel : lit.toArray(ValueLayout.JAVA_FLOAT)) {
                    count += pixel == 1.0f ? 1 : 0;
                }
                String caption = kernels.caption(image.getKey(), count);
                boolean agrees = Math.abs(mean - References.mean(image.getValue())) < 1e-6
                        && count == References.lit(image.getValue(), 0.5f);
                System.out.printf("   %-40s mean %.3f %s%n", caption, mean,
                        agrees ? "= Java reference" : "DIFFERS from Java reference");
            }
        }
    }
}

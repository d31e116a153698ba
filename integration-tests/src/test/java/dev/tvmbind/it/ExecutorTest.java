package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.ModelInfo;
import dev.tvmbind.runtime.TensorInfo;
import dev.tvmbind.runtime.TvmException;
import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import dev.tvmbind.runtime.TvmModels;
import dev.tvmbind.runtime.internal.Descriptions;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link TvmLibrary} and {@link TvmExecutor} against gcc-built libraries: models found by name
 * through the providers the processor listed for the test classes (the class path).
 */
class ExecutorTest {
    @Test
    void aFullNameFindsThatModel() {
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("twins"))) {
            assertEquals(12, run(library.executor("acme_twin"), 10));
            assertEquals(13, run(library.executor("fw_twin"), 10));
            assertEquals(11, run(library.executor("tvmgen_twin"), 10));
        }
    }

    @Test
    void aModelNameAlonePrefersTvmgenAsTvmsOwnLookupDoes() {
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("twins"))) {
            assertEquals(11, run(library.executor("twin"), 10));
        }
    }

    @Test
    void aModelNameAloneMeansTheOneModelOfThatNameTheLibraryExports() {
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("twin_fw"))) {
            assertEquals(13, run(library.executor("twin"), 10));
        }
    }

    @Test
    void aModelNameAloneIsAmbiguousWithoutTvmgenAmongSeveral() {
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("twins_prefixed"))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> library.executor("twin"));
            assertEquals("'twin' is ambiguous: acme_twin, fw_twin are all in library "
                    + NativeLibraries.of("twins_prefixed").toAbsolutePath()
                    + "; pass the full name", e.getMessage());
            assertEquals(12, run(library.executor("acme_twin"), 10));
        }
    }

    @Test
    void anUnknownNameListsTheKnownModelsAndWhichTheLibraryHolds() {
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("twin_fw"))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> library.executor("twni"));
            assertTrue(e.getMessage().startsWith("no model called 'twni' is known; known models: "),
                    e.getMessage());
            assertTrue(e.getMessage().contains("acme_twin (dev.tvmbind.it.Twins.Acme), fw_twin"
                    + " (dev.tvmbind.it.Twins.Fw, in this library), "), e.getMessage());
            assertTrue(e.getMessage().contains("provides dev.tvmbind.runtime.ModelProvider"), e.getMessage());
        }
    }

    @Test
    void aKnownModelTheLibraryLacksSaysWhatItHolds() {
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("twin_fw"))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> library.executor("acme_twin"));
            assertEquals("library " + NativeLibraries.of("twin_fw").toAbsolutePath() + " lacks"
                    + " acme_twin_run, the run function of model acme_twin; it holds fw_twin",
                    e.getMessage());
        }
    }

    @Test
    void modelsAreTheKnownOnesTheLibraryExports() {
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("twins"))) {
            assertEquals(List.of("acme_twin", "fw_twin", "tvmgen_slow", "tvmgen_twin"),
                    library.models().stream().map(ModelInfo::cName).toList());
        }
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("tensors"))) {
            assertEquals(List.of("tvmgen_tensors"),
                    library.models().stream().map(ModelInfo::cName).toList());
            List<String> known = library.knownModels().stream().map(ModelInfo::cName).toList();
            assertTrue(known.containsAll(List.of("acme_twin", "fw_twin", "tvmgen_tensors",
                    "tvmgen_twin", "tvmgen_unsized")), known.toString());
        }
    }

    @Test
    void everyKindOfStructByNameAsTvmWroteItOrAsTheMember() {
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("tensors"));
                Arena arena = Arena.ofConfined()) {
            TvmExecutor tensors = library.executor("tensors");
            assertEquals(List.of("x:0", "bias"), tensors.inputs().stream().map(TensorInfo::name).toList());
            tensors.setInput("x:0", new float[] {1, 2, 3, 4});
            tensors.setInput("bias", arena.allocateFrom(ValueLayout.JAVA_FLOAT, 10, 20, 30, 40));
            tensors.setDevice("npu", arena.allocateFrom(ValueLayout.JAVA_INT, 0));
            tensors.run();
            float[] y = new float[4];
            tensors.getOutput("y", y);
            assertArrayEquals(new float[] {11, 22, 33, 44}, y);
            double[] sum = new double[1];
            tensors.getOutput("sum", sum);
            assertEquals(110.0, sum[0]);
            assertEquals(110.0, tensors.output("sum").get(ValueLayout.JAVA_DOUBLE, 0));

            tensors.setInput("x_0", new float[] {0, 0, 0, 1});
            tensors.run();
            tensors.getOutput("y", y);
            assertArrayEquals(new float[] {10, 20, 30, 41}, y, "inputs stay set between runs");
        }
    }

    @Test
    void aNonZeroStatusThrowsTvmException() {
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("twins"))) {
            TvmExecutor twin = library.executor("acme_twin");
            twin.setInput("in:0", new int[] {-7});
            TvmException e = assertThrows(TvmException.class, twin::run);
            assertEquals("acme_twin_run", e.symbol());
            assertEquals(-7, e.status());
        }
    }

    @Test
    void runBeforeEveryInputIsSetNamesTheMissingOnes() {
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("tensors"))) {
            TvmExecutor tensors = library.executor("tvmgen_tensors");
            tensors.setInput("bias", new float[4]);
            IllegalStateException e = assertThrows(IllegalStateException.class, tensors::run);
            assertEquals("run() of tvmgen_tensors before input 'x:0', device 'npu' were set; set"
                    + " every input and device first", e.getMessage());
        }
    }

    @Test
    void wrongNamesDtypesAndSizesAreRefusedNamingTheTensor() {
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("tensors"));
                Arena arena = Arena.ofConfined()) {
            TvmExecutor tensors = library.executor("tensors");
            IllegalArgumentException name = assertThrows(IllegalArgumentException.class,
                    () -> tensors.setInput("x", new float[4]));
            assertEquals("model tvmgen_tensors has no input 'x'; its inputs: 'x:0' (member x_0),"
                    + " 'bias'", name.getMessage());
            IllegalArgumentException output = assertThrows(IllegalArgumentException.class,
                    () -> tensors.getOutput("x:0", new float[4]));
            assertEquals("model tvmgen_tensors has no output 'x:0'; its outputs: 'y', 'sum'",
                    output.getMessage());
            IllegalArgumentException dtype = assertThrows(IllegalArgumentException.class,
                    () -> tensors.setInput("bias", new int[4]));
            assertEquals("input 'bias' is float32: pass a float[] or a MemorySegment, not a int[]",
                    dtype.getMessage());
            IllegalArgumentException size = assertThrows(IllegalArgumentException.class,
                    () -> tensors.getOutput("y", new float[3]));
            assertEquals("output 'y' holds 16 bytes (float32 [1, 4], 4 elements); the float[] has"
                    + " 3 elements, 12 bytes", size.getMessage());
            IllegalArgumentException segment = assertThrows(IllegalArgumentException.class,
                    () -> tensors.setInput("bias", arena.allocate(12)));
            assertEquals("input 'bias' holds 16 bytes; the segment has 12", segment.getMessage());
            // The sum has no dtype: any array of its 8 bytes will do.
            tensors.getOutput("sum", new long[1]);
            assertThrows(IllegalArgumentException.class, () -> tensors.getOutput("sum", new long[2]));
        }
    }

    @Test
    void zeroCopyInputsAreReadInPlaceAndRefusedOnceTheirArenaIsClosed() {
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("twins"))) {
            TvmExecutor twin = library.executor("fw_twin");
            Arena arena = Arena.ofConfined();
            MemorySegment in = arena.allocateFrom(ValueLayout.JAVA_INT, 5);
            twin.setInputZeroCopy("in:0", in);
            assertEquals(8, run(twin));
            in.set(ValueLayout.JAVA_INT, 0, 6);
            assertEquals(9, run(twin), "read in place, not copied");
            arena.close();
            IllegalStateException e = assertThrows(IllegalStateException.class, twin::run);
            assertEquals("input 'in:0' is a segment of an arena that is already closed", e.getMessage());
            twin.setInput("in:0", new int[] {1});
            assertEquals(4, run(twin), "a copied input replaces the adopted segment");
            assertThrows(IllegalArgumentException.class,
                    () -> twin.setInputZeroCopy("in:0", MemorySegment.ofArray(new int[1])));
        }
    }

    @Test
    void closingTheLibraryInvalidatesItsExecutorsAndTheirViews() {
        TvmLibrary library = TvmLibrary.open(NativeLibraries.of("twins"));
        TvmExecutor twin = library.executor("acme_twin");
        MemorySegment out = twin.output("out");
        assertEquals(12, run(twin, 10));
        library.close();
        IllegalStateException run = assertThrows(IllegalStateException.class, twin::run);
        assertEquals("the executor of acme_twin is closed, as its library "
                + NativeLibraries.of("twins").toAbsolutePath() + " is", run.getMessage());
        assertThrows(IllegalStateException.class, () -> twin.setInput("in:0", new int[1]));
        assertThrows(IllegalStateException.class, () -> twin.getOutput("out", new int[1]));
        assertThrows(IllegalStateException.class, () -> twin.output("out"));
        assertThrows(IllegalStateException.class, () -> out.get(ValueLayout.JAVA_INT, 0));
        IllegalStateException executor = assertThrows(IllegalStateException.class,
                () -> library.executor("acme_twin"));
        assertTrue(executor.getMessage().endsWith(" is closed"), executor.getMessage());
        assertThrows(IllegalStateException.class, () -> library.symbol("acme_twin_run"));
        library.close(); // twice: nothing
    }

    @Test
    void aStaleEntryInAServicesFileHidesNoOtherModel(@TempDir Path dir) throws Exception {
        Path services = Files.createDirectories(dir.resolve("META-INF/services"));
        Files.writeString(services.resolve("dev.tvmbind.runtime.ModelProvider"),
                "com.acme.DeletedBinding$Provider\n");
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        try (URLClassLoader stale = new URLClassLoader(new URL[] {dir.toUri().toURL()}, before)) {
            thread.setContextClassLoader(stale);
            try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("twins"))) {
                assertEquals(12, run(library.executor("acme_twin"), 10));
                assertTrue(library.knownModels().stream().anyMatch(m -> m.cName().equals("fw_twin")));
            }
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    @Test
    void aDeviceOfAClosedExecutorIsRefusedToo() {
        TvmLibrary library = TvmLibrary.open(NativeLibraries.of("tensors"));
        TvmExecutor tensors = library.executor("tensors");
        library.close();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> tensors.setDevice("npu", MemorySegment.NULL));
        assertEquals("the executor of tvmgen_tensors is closed, as its library "
                + NativeLibraries.of("tensors").toAbsolutePath() + " is", e.getMessage());
    }

    @Test
    void aCloseDuringARunThrowsAndFreesNothing() throws Exception {
        TvmLibrary library = TvmLibrary.open(NativeLibraries.of("twins"));
        TvmExecutor slow = library.executor("slow");
        slow.setInput("in", new int[] {42});
        CompletableFuture<Void> running = CompletableFuture.runAsync(slow::run);
        Thread.sleep(150);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> library.close(java.time.Duration.ZERO));
        assertEquals("cannot close library " + NativeLibraries.of("twins").toAbsolutePath()
                + " while a run() of its executor of tvmgen_slow is in progress in another thread"
                + " (waited 0 ms); nothing was closed", e.getMessage());
        running.get(10, TimeUnit.SECONDS);
        int[] out = new int[1];
        slow.getOutput("out", out);
        assertEquals(42, out[0]);
        library.close();
        assertThrows(IllegalStateException.class, slow::run);
    }

    /** A close waits for the run in progress, then closes; the run gives its result. */
    @Test
    void aCloseWaitsForARunInProgressThenCloses() throws Exception {
        TvmLibrary library = TvmLibrary.open(NativeLibraries.of("twins"));
        TvmExecutor slow = library.executor("slow");
        slow.setInput("in", new int[] {42});
        CompletableFuture<Integer> running = CompletableFuture.supplyAsync(() -> {
            slow.run();
            int[] out = new int[1];
            slow.getOutput("out", out);
            return out[0];
        });
        Thread.sleep(100); // inside its 500 ms in C
        long start = System.nanoTime();
        TvmExecutor other = library.executor("slow");
        other.close(); // an idle executor closes at once
        assertTrue(!running.isDone(), "the run is still in progress");
        library.close();
        // Started 100 ms into a 500 ms run: a close that waits returns after the run leaves C.
        assertTrue(System.nanoTime() - start > 200_000_000L, "the close did not wait");
        // The run copied its output before the close freed it... or the close came between the
        // run and getOutput: either way the message is true.
        try {
            assertEquals(42, running.get(1, TimeUnit.SECONDS));
        } catch (java.util.concurrent.ExecutionException e) {
            assertEquals("the executor of tvmgen_slow is closed, as its library "
                    + NativeLibraries.of("twins").toAbsolutePath() + " is", e.getCause().getMessage());
        }
        IllegalStateException closed = assertThrows(IllegalStateException.class, slow::run);
        assertTrue(closed.getMessage().startsWith("the executor of tvmgen_slow is closed"),
                closed.getMessage());
    }

    @Test
    void anExecutorClosedAloneLeavesTheLibraryOpen() {
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("twins"))) {
            TvmExecutor first = library.executor("fw_twin");
            first.close();
            IllegalStateException e = assertThrows(IllegalStateException.class, first::run);
            assertEquals("the executor of fw_twin is closed", e.getMessage());
            assertEquals(13, run(library.executor("fw_twin"), 10));
        }
    }

    @Test
    @SuppressWarnings("restricted") // a lookup of the test's own
    void typedBindingsOfTheLibraryFollowIt() {
        Twins.Acme acme;
        Echo echo;
        int[] out = new int[1];
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("twins"))) {
            acme = library.model(Twins.Acme.class);
            acme.run(new int[] {1}, out);
            assertEquals(3, out[0]);
        }
        IllegalStateException closed = assertThrows(IllegalStateException.class,
                () -> acme.run(new int[] {1}, out));
        assertEquals("the binding of dev.tvmbind.it.Twins$Acme came from a TvmLibrary that is"
                + " closed; get the binding again from an open library, or load it with"
                + " load(Path) to keep it as long as it is reachable", closed.getMessage());
        // A library of the caller's lookup too (a model no test asks the named class of).
        byte[] in = {7, 0, 0, 0, 0, 0, 0, 0};
        byte[] echoed = new byte[4];
        try (TvmLibrary library = TvmLibrary.of(SymbolLookup.libraryLookup(
                NativeLibraries.of("echo"), Arena.ofAuto()))) {
            echo = library.model(Echo.class);
            assertEquals(0, echo.run(in, echoed));
        }
        assertThrows(IllegalStateException.class, () -> echo.run(in, echoed));
        // A binding of its own is not affected.
        assertEquals(0, TvmModels.load(Echo.class, NativeLibraries.of("echo")).run(in, echoed));
        assertEquals(7, echoed[0]);
    }

    @Test
    void modelsWithoutATensorEntryPointOrWithUnsizedTensorsHaveNoExecutor() {
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("types"))) {
            IllegalArgumentException plain = assertThrows(IllegalArgumentException.class,
                    () -> library.executor(Types.class));
            assertTrue(plain.getMessage().contains("has no tensor entry point"), plain.getMessage());
            IllegalArgumentException unsized = assertThrows(IllegalArgumentException.class,
                    () -> library.executor(Twins.Unsized.class));
            assertEquals("model tvmgen_unsized does not declare the size of 'in', so an executor"
                    + " cannot allocate it: give size, or shape and dtype, in its interface",
                    unsized.getMessage());
        }
    }

    @Test
    @SuppressWarnings("restricted")
    void symbolsByFullNameAndLookupsOfTheCaller() {
        SymbolLookup lookup = SymbolLookup.libraryLookup(NativeLibraries.of("twins"), Arena.global());
        try (TvmLibrary library = TvmLibrary.of(lookup)) {
            assertEquals(lookup.find("fw_twin_run").orElseThrow(), library.symbol("fw_twin_run"));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> library.symbol("fw_twin_walk"));
            assertEquals("the library's symbol lookup exports no symbol fw_twin_walk", e.getMessage());
            assertEquals(12, run(library.executor("acme_twin"), 10));
            assertEquals(13, run(library.executor(Twins.Fw.class), 10));
        }
        assertTrue(lookup.find("fw_twin_run").isPresent(), "the caller's lookup stays usable");
    }

    @Test
    void anExecutorIsItsModelsDescription() {
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("twins"))) {
            TvmExecutor twin = library.executor("twin");
            assertEquals(Optional.of("tvmgen_twin_run"), twin.info().runSymbol());
            assertEquals(List.of(Descriptions.output("out", "out", "int[]").dtype(DType.INT32)
                    .shape(1).bytes(4).build()), twin.outputs());
            assertTrue(twin.output("out").isReadOnly(), "views are read-only");
        }
    }

    private static int run(TvmExecutor twin, int in) {
        twin.setInput("in:0", new int[] {in});
        return run(twin);
    }

    private static int run(TvmExecutor twin) {
        twin.run();
        int[] out = new int[1];
        twin.getOutput("out", out);
        return out[0];
    }
}

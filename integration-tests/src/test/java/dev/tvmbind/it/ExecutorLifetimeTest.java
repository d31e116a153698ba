package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What an executor holds, and for how long: its buffers, and what it says once closed. */
class ExecutorLifetimeTest {
    @Test
    void anExecutorNobodyClosedFreesItsBuffersOnceUnreachable() throws InterruptedException {
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("tensors"))) {
            MemorySegment buffer = buffer(library);
            for (int attempt = 0; attempt < 100 && buffer.scope().isAlive(); attempt++) {
                System.gc();
                Thread.sleep(20);
            }
            assertFalse(buffer.scope().isAlive(), "the unreachable executor's buffers are freed");
        }
    }

    /** An executor's output buffer, the executor itself dropped. */
    private static MemorySegment buffer(TvmLibrary library) {
        TvmExecutor executor = library.executor(Tensors.class);
        return executor.output("y");
    }

    @Test
    void callsAfterTheLibraryClosedNameIt() {
        TvmExecutor executor;
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("tensors"))) {
            executor = library.executor(Tensors.class);
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, executor::run);
        assertEquals("the executor of tvmgen_tensors is closed, as its library "
                + NativeLibraries.of("tensors").toAbsolutePath() + " is", e.getMessage());
    }

    @Test
    @SuppressWarnings("restricted")
    void aTensorNoMachineCanAllocateSaysItsSize() {
        // Any function's address will do: nothing is called, the executor fails allocating.
        MemorySegment somewhere = SymbolLookup.libraryLookup(NativeLibraries.of("gate"),
                Arena.global()).find("tvmgen_gate_run").orElseThrow();
        SymbolLookup lookup = name -> name.equals("tvmgen_huge_run") ? Optional.of(somewhere)
                : Optional.empty();
        try (TvmLibrary library = TvmLibrary.of(lookup)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> library.executor(Huge.class));
            assertTrue(e.getMessage().startsWith("cannot allocate the 1125899906842624 bytes of input"
                    + " 'in' of model tvmgen_huge for an executor: "), e.getMessage());
        }
    }
}

package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.ffi.Tensor;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Who owns what across a call, counted by the library ({@code ffi_containers.cc}) rather than
 * by the heap: tensors it allocates inside a map Java reads are freed once each, when Java
 * closes them and not before; a list Java made and the library kept holds the library's
 * references only once the call returned.
 */
class FfiOwnershipTest {
    private static FfiContainers containers() throws Exception {
        return FfiContainersBinding.load(FfiLibraries.of("ffi_containers", false));
    }

    @Test
    void tensorsInAMapJavaReadAreFreedWhenJavaClosesThemOnce() throws Exception {
        FfiContainers c = containers();
        long freed = c.countedFreed();
        Map<String, List<Tensor>> map = c.countedTensors(3);
        // The map and its lists are released; the tensors are Java's now.
        assertEquals(freed, c.countedFreed());
        List<Tensor> tensors = map.get("a");
        assertEquals(List.of(), map.get("b"));
        for (int i = 0; i < 3; i++) {
            assertEquals(i, tensors.get(i).data().get(ValueLayout.JAVA_FLOAT, 0));
        }
        tensors.get(0).close();
        tensors.get(0).close();
        assertEquals(freed + 1, c.countedFreed());
        tensors.forEach(Tensor::close);
        assertEquals(freed + 3, c.countedFreed());
    }

    @Test
    void over100000CallsTheLibraryFreesWhatItAllocated() throws Exception {
        FfiContainers c = containers();
        long allocated = c.countedAllocated();
        long freed = c.countedFreed();
        for (int i = 0; i < 100_000; i++) {
            List<Tensor> tensors = c.countedTensors(1).get("a");
            try (Tensor t = tensors.getFirst()) {
                assertEquals(0f, t.data().get(ValueLayout.JAVA_FLOAT, 0));
            }
        }
        assertEquals(100_000, c.countedAllocated() - allocated);
        assertEquals(100_000, c.countedFreed() - freed);
    }

    @Test
    void aListTheLibraryKeepsHoldsOnlyItsReferencesAfterTheCall() throws Exception {
        FfiContainers c = containers();
        try (Arena arena = Arena.ofConfined()) {
            Tensor a = Tensor.of(arena.allocateFrom(ValueLayout.JAVA_FLOAT, 5, 6), DType.FLOAT32,
                    2);
            for (int i = 0; i < 100_000; i++) {
                c.keep(List.of(a));
            }
            // Java's array and the object made over its tensor were released once each: the
            // kept list and its tensor have one reference (the library's) and are alive.
            assertEquals(List.of(1.0, 1.0, 5.0), c.keptState());
            c.dropKept();
            assertEquals(List.of(), c.keptState());
        }
    }
}

package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The first loads of a binding, from 8 threads at once over two library files: each thread gets
 * a binding of its file, the named {@code Linked} class goes to one file only (the other's loads
 * are hidden copies), every result is the one a lone caller gets, and each library counts
 * exactly its own callers' calls.
 */
class ConcurrentLoadTest {
    private static final int THREADS = 8;
    private static final int CALLS = 1_000;

    @Test
    void bindingsLoadedConcurrentlyAreLinkedToTheirOwnLibraries() throws Exception {
        Path first = NativeLibraries.of("racer");
        Path second = Files.copy(first, first.resolveSibling("libracer-second.so"),
                StandardCopyOption.REPLACE_EXISTING);
        CyclicBarrier start = new CyclicBarrier(THREADS);
        List<Future<Racer>> loaded = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(THREADS)) {
            for (int t = 0; t < THREADS; t++) {
                Path library = t % 2 == 0 ? first : second;
                int offset = t * CALLS;
                loaded.add(pool.submit(() -> {
                    start.await();
                    Racer racer = RacerBinding.load(library);
                    for (int i = 0; i < CALLS; i++) {
                        int x = offset + i;
                        if (racer.twice(x) != 2 * x) {
                            throw new AssertionError("twice(" + x + ") on " + library);
                        }
                    }
                    return racer;
                }));
            }
        }
        List<Racer> racers = new ArrayList<>();
        for (Future<Racer> racer : loaded) {
            racers.add(racer.get());
        }
        // One library's loads all share the named class; the other's are hidden copies of it.
        String linked = RacerBinding.class.getName() + "$Linked";
        Set<Class<?>> ofFirst = classes(racers, 0);
        Set<Class<?>> ofSecond = classes(racers, 1);
        Set<Class<?>> named = ofFirst.stream().anyMatch(c -> c.getName().equals(linked)) ? ofFirst
                : ofSecond;
        Set<Class<?>> hidden = named == ofFirst ? ofSecond : ofFirst;
        assertEquals(1, named.size(), "the named class serves all loads of its library: " + named);
        assertEquals(linked, named.iterator().next().getName());
        assertTrue(hidden.stream().allMatch(c -> c.isHidden() && c.getName().startsWith(linked + "/")),
                hidden.toString());
        assertEquals(THREADS / 2 * CALLS, racers.get(0).calls());
        assertEquals(THREADS / 2 * CALLS, racers.get(1).calls());

        // A lone caller, afterwards: the same results.
        Racer lone = RacerBinding.load(first);
        for (int x = 0; x < THREADS * CALLS; x += 97) {
            assertEquals(2 * x, lone.twice(x));
        }
    }

    /** The classes of the bindings loaded by the threads of one parity (one library). */
    private static Set<Class<?>> classes(List<Racer> racers, int parity) {
        List<Racer> ofLibrary = new ArrayList<>();
        for (int t = parity; t < racers.size(); t += 2) {
            ofLibrary.add(racers.get(t));
        }
        return ofLibrary.stream().map(Object::getClass).collect(Collectors.toSet());
    }
}

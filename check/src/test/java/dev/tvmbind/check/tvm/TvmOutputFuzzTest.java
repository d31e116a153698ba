package dev.tvmbind.check.tvm;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.CheckMessage;
import dev.tvmbind.check.Finding;
import dev.tvmbind.check.testing.TvmMlf;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.LifecycleContext;
import net.jqwik.api.lifecycle.SkipExecutionHook;
import net.jqwik.api.statistics.Statistics;

/**
 * TVM's real files, truncated and with bytes changed: reading them never throws, and whatever
 * cannot be read is one keyed error naming a file of the output.
 */
class TvmOutputFuzzTest {
    private static final Path ROOT = TvmMlf.root();

    /** What is fuzzed: an MLF tree's metadata.json, its header, or the tree as a tar. */
    enum Target { METADATA, HEADER, TAR, OLD_METADATA }

    /** Skips the property, saying why, where the fixture is absent (jqwik ignores JUnit's assumptions). */
    public static final class NeedsTheFixture implements SkipExecutionHook {
        @Override
        public SkipResult shouldBeSkipped(LifecycleContext context) {
            // Where the fixtures are required, the property runs and fails without them.
            return TvmMlf.REQUIRED || Files.isDirectory(ROOT.resolve("aww/mlf"))
                    && Files.isDirectory(ROOT.resolve("sine/mlf")) ? SkipResult.doNotSkip()
                    : SkipResult.skip("the real TVM output " + ROOT + " is absent; point"
                            + " -Dtvmbind.tvmMlf at it");
        }
    }

    @Property(tries = 200)
    @AddLifecycleHook(NeedsTheFixture.class)
    void readingDamagedOutputNeverThrows(@ForAll Target target, @ForAll("cuts") int cut,
            @ForAll("edits") List<Integer> edits, @ForAll("bytes") List<Byte> replacements) throws IOException {
        Path aww = ROOT.resolve("aww/mlf");
        Path dir = Files.createTempDirectory("tvmbind-fuzz");
        try {
            Path tree = TvmMlf.copy(target == Target.OLD_METADATA ? ROOT.resolve("sine/mlf") : aww,
                    dir.resolve("mlf"));
            Path damaged = switch (target) {
                case METADATA, OLD_METADATA -> tree.resolve("metadata.json");
                case HEADER -> tree.resolve("codegen/host/include/tvmgen_default.h");
                case TAR -> TvmMlf.tar(tree, dir.resolve("mlf.tar"));
            };
            byte[] bytes = Files.readAllBytes(damaged);
            int length = (int) ((long) bytes.length * cut / 1000);
            byte[] changed = java.util.Arrays.copyOf(bytes, length);
            for (int i = 0; i < edits.size() && length > 0; i++) {
                changed[edits.get(i) % length] = replacements.get(i % replacements.size());
            }
            Files.write(damaged, changed);
            Path read = target == Target.TAR ? damaged : tree;
            TvmOutputReader.Result result = TvmOutputReader.read(read.toString());
            // One error naming the file, or (a damaged Relay text inside a tar) the warning that
            // shapes are not compared: the Relay text is optional.
            List<Finding> errors = result.problems().stream()
                    .filter(p -> p.message() != CheckMessage.TVM_OUTPUT_RELAY).toList();
            for (Finding problem : result.problems()) {
                assertTrue(problem.message() == CheckMessage.TVM_OUTPUT_UNREADABLE
                        || problem.message() == CheckMessage.TVM_OUTPUT_RELAY, problem.text());
                assertTrue(problem.text().contains(dir.toString()), problem.text());
            }
            assertTrue(errors.size() <= 1, result.problems().toString());
            Statistics.collect(target, result.problems().isEmpty() ? "read" : "refused");
        } finally {
            delete(dir);
        }
    }

    @Provide
    Arbitrary<Integer> cuts() {
        return Arbitraries.oneOf(Arbitraries.just(1000), Arbitraries.integers().between(0, 1000));
    }

    @Provide
    Arbitrary<List<Integer>> edits() {
        return Arbitraries.integers().between(0, Integer.MAX_VALUE).list().ofMaxSize(6);
    }

    @Provide
    Arbitrary<List<Byte>> bytes() {
        return Arbitraries.of((byte) '{', (byte) '}', (byte) '"', (byte) ':', (byte) ',', (byte) '-',
                (byte) '9', (byte) 0, (byte) '\n', (byte) ' ', (byte) 0xff, (byte) 'x', (byte) ';',
                (byte) '*').list().ofMinSize(1).ofMaxSize(6);
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(file);
            }
        }
    }
}

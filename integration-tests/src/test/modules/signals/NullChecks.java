import dev.tvmbind.runtime.TvmLibrary;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Path;

/**
 * Loads a library (plainly with FFM, through tvmbind, or with {@code System.load} or FFM before
 * tvmbind's first load), then takes HotSpot's implicit null checks and a stack overflow:
 * {@code length} is compiled on a profile without nulls and never inlined
 * ({@code -XX:CompileCommand=dontinline}), so a null argument faults inside it and the JVM's
 * SIGSEGV handler turns the fault into a NullPointerException — if the handler is still the JVM's;
 * the stack's guard pages are met through SIGSEGV too.
 */
public final class NullChecks {
    @SuppressWarnings("restricted") // System.load: the load before tvmbind's first
    public static void main(String[] args) {
        Path library = Path.of(args[1]);
        switch (args[0]) {
            case "ffm" -> load(library);
            case "system-load-first" -> {
                System.load(library.toString());
                TvmLibrary.open(library);
            }
            case "lookup-first" -> {
                load(library);
                TvmLibrary.open(library);
            }
            case "after-another" -> {
                TvmLibrary.open(Path.of(args[2]));
                TvmLibrary.open(library);
            }
            default -> TvmLibrary.open(library); // "tvmbind", and under LD_PRELOAD
        }
        String[] values = {"x", "yy"};
        long sum = 0;
        for (int i = 0; i < 2_000_000; i++) {
            sum += length(values[i & 1]);
        }
        values[1] = null;
        long caught = 0;
        for (int i = 0; i < 100_000; i++) {
            try {
                sum += length(values[i & 1]);
            } catch (NullPointerException e) {
                caught++;
            }
        }
        System.out.println("alive after " + caught + " null checks (" + sum + ")");
        try {
            System.out.println(deep(0));
        } catch (StackOverflowError e) {
            // HotSpot meets the stack's guard pages through SIGSEGV too.
            System.out.println("alive after a stack overflow");
        }
    }

    private static long deep(long depth) {
        return deep(depth + 1) + 1;
    }

    @SuppressWarnings("restricted")
    private static void load(Path library) {
        SymbolLookup.libraryLookup(library, Arena.global());
    }

    private static int length(String text) {
        return text.length();
    }
}

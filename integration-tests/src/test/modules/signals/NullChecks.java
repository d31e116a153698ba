import dev.tvmbind.runtime.TvmLibrary;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Path;

/**
 * Loads a library (plainly with FFM, or through tvmbind), then takes HotSpot's implicit null
 * checks: {@code length} is compiled on a profile without nulls and never inlined
 * ({@code -XX:CompileCommand=dontinline}), so a null argument faults inside it and the JVM's
 * SIGSEGV handler turns the fault into a NullPointerException — if the handler is still the JVM's.
 */
public final class NullChecks {
    public static void main(String[] args) {
        Path library = Path.of(args[1]);
        if (args[0].equals("ffm")) {
            load(library);
        } else {
            TvmLibrary.open(library);
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
    }

    @SuppressWarnings("restricted")
    private static void load(Path library) {
        SymbolLookup.libraryLookup(library, Arena.global());
    }

    private static int length(String text) {
        return text.length();
    }
}

package app;

import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import dev.tvmbind.runtime.TvmModels;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import model.Adder;
import model.AdderBinding;
import model.Doubler;
import third.Attack;

/** Arguments: the models' library, the target's library, the evil library, the evil marker file. */
public final class Main {
    @SuppressWarnings("restricted") // the app has native access: it reads the target's counter
    public static void main(String[] args) throws Exception {
        Path models = Path.of(args[0]);
        SymbolLookup targetLibrary = SymbolLookup.libraryLookup(Path.of(args[1]), Arena.global());
        MemorySegment calls = targetLibrary.find("target_calls").orElseThrow()
                .reinterpret(ValueLayout.JAVA_INT.byteSize());
        long target = targetLibrary.find("target_call").orElseThrow().address();
        works(models, "before");
        try (TvmLibrary handedOver = TvmLibrary.open(models)) {
            Attack.run(target, Path.of(args[2]), handedOver).forEach(System.out::println);
        }
        System.out.println("target called: " + calls.get(ValueLayout.JAVA_INT, 0));
        System.out.println("evil loaded: " + Files.exists(Path.of(args[3])));
        works(models, "after");
    }

    /** The app and the model module still work, every way. */
    private static void works(Path models, String when) {
        Adder direct = AdderBinding.load(models);
        Adder found = TvmModels.load(Adder.class, models);
        try (TvmLibrary library = TvmLibrary.open(models)) {
            TvmExecutor executor = library.executor("doubler");
            executor.setInput("x", new int[] {21});
            executor.run();
            int[] y = new int[1];
            executor.getOutput("y", y);
            Doubler typed = library.model(Doubler.class);
            int[] z = new int[1];
            typed.run(new int[] {4}, z);
            System.out.println(when + ": " + direct.add(40, 2) + " " + found.add(20, 22) + " "
                    + y[0] + " " + z[0]);
        }
    }
}

package app;

import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import dev.tvmbind.runtime.TvmModels;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import model.Adder;
import model.AdderBinding;
import model.Doubler;

/**
 * Arguments: the models' library, the target's library, the evil library, the evil marker file,
 * and {@code sweep} to run the third's sweep after its doors. The third module is reached by
 * reflection, so that it may be on the module path or the class path.
 */
public final class Main {
    @SuppressWarnings("restricted") // the app has native access: it reads the target's counter
    public static void main(String[] args) throws Exception {
        Path models = Path.of(args[0]);
        SymbolLookup targetLibrary = SymbolLookup.libraryLookup(Path.of(args[1]), Arena.global());
        MemorySegment calls = targetLibrary.find("target_calls").orElseThrow()
                .reinterpret(ValueLayout.JAVA_INT.byteSize());
        long target = targetLibrary.find("target_call").orElseThrow().address();
        works(models, "before");
        // The app's pool: its threads run every task inside the app's own code.
        ExecutorService pool = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(() -> inTheApp(task));
            thread.setDaemon(true);
            return thread;
        });
        try (TvmLibrary handedOver = TvmLibrary.open(models)) {
            third("third.Grants", target, Path.of(args[2]), handedOver, pool)
                    .forEach(System.out::println);
            if (args.length > 4 && args[4].equals("sweep")) {
                third("third.Attack", target, Path.of(args[2]), handedOver, pool)
                        .forEach(System.out::println);
            }
        }
        System.out.println("target called: " + calls.get(ValueLayout.JAVA_INT, 0));
        System.out.println("evil loaded: " + Files.exists(Path.of(args[3])));
        works(models, "after");
    }

    private static void inTheApp(Runnable task) {
        task.run();
    }

    @SuppressWarnings("unchecked")
    private static List<String> third(String type, long target, Path evil, TvmLibrary library,
            ExecutorService pool) throws Exception {
        try {
            return (List<String>) Class.forName(type).getMethod("run", long.class, Path.class,
                    TvmLibrary.class, ExecutorService.class)
                    .invoke(null, target, evil, library, pool);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(type + " failed", e.getCause());
        }
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

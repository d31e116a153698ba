package dev.tvmbind.runtime;

import dev.tvmbind.runtime.internal.Libraries;
import dev.tvmbind.runtime.internal.NativeAccess;
import dev.tvmbind.runtime.internal.PrivateCopies;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A shared library of one or more TVM-compiled models, as TVM's {@code load_module} gives:
 * each model by its typed interface, or by name as an {@link TvmExecutor}, and any symbol by
 * its full name.
 *
 * <pre>{@code
 * try (TvmLibrary library = TvmLibrary.open(Path.of("libmodels.so"))) {
 *     KeywordSpotter kws = library.model(KeywordSpotter.class);   // typed
 *     TvmExecutor detector = library.executor("anomaly");         // by name
 *     detector.setInput("signal", samples);
 *     detector.run();
 *     detector.getOutput("score", score);
 * }
 * }</pre>
 *
 * <p>A name is the model's {@code <prefix>_<model>} ({@code acme_kws}) or its model name alone
 * ({@code kws}); models are known by name through the {@link ModelProvider} that the processor
 * generates for each (on the class path, or provided by a named module). The library is safe to
 * share between threads; each executor is for one thread at a time. Runs of one model in one
 * loaded library wait for each other, since TVM's code keeps its workspace in static memory
 * (unless the model is declared {@link dev.tvmbind.TvmModel#reentrant});
 * {@link #open(Path, int)} loads private copies that run in parallel. Closing the library closes
 * its executors, and the typed bindings of {@link #model} follow it: their calls throw once it is
 * closed.
 */
public final class TvmLibrary implements AutoCloseable {
    private final NativeAccess.Vouched lookup;
    /** The library's file, or null for a lookup given by the caller. */
    private final Path path;
    /** Closed last, after the executors: unloads what this opened (its copies too). */
    private final Arena arena;
    /** What {@link #model}'s bindings are linked to; null for a lookup the caller keeps loaded. */
    private final ModelArena models;
    /** Private copies of the library (the first is {@link #lookup}), or null. */
    private final List<NativeAccess.Vouched> copies;
    private int nextCopy; // the copy the next executor runs on
    private final OpenExecutors executors = new OpenExecutors();
    /** The models known by name; discovered on first use. */
    private final Supplier<KnownModels> known = KnownModels.onFirstUse();

    private TvmLibrary(NativeAccess.Vouched lookup, Path path, Arena arena,
            List<NativeAccess.Vouched> copies) {
        this.lookup = lookup;
        this.path = path;
        this.arena = arena;
        this.copies = copies;
        this.models = path == null ? null : new ModelArena();
    }

    /**
     * Opens the shared library at {@code library} until {@link #close}.
     *
     * @param library the shared library's file
     * @return the open library
     * @throws IllegalCallerException when the caller's module has no native access: loading a
     *     library runs its constructors
     * @throws UnsatisfiedLinkError naming the path and why it cannot be loaded
     */
    public static TvmLibrary open(Path library) {
        return opened(library, false, arena -> List.of(Libraries.open(library, arena, null)));
    }

    /**
     * Loads {@code instances} private copies of the shared library at {@code library}, so that
     * that many runs of a model execute at once (runs of one model in one loaded copy wait for
     * each other: {@link dev.tvmbind.TvmModel#reentrant}). Executors are spread over the copies in
     * turn; the binding of {@link #model} runs each call on a copy no other call is using. Each
     * copy is a copy of the file in a private temporary directory, deleted once loaded. Memory:
     * {@code instances} times the library's code, constants and static data; libraries it depends
     * on (libm, libc) are shared. The copies are unloaded at {@link #close} (after the executors).
     *
     * @param library the shared library's file
     * @param instances how many copies to load, at least 1
     * @return the open library
     * @throws IllegalArgumentException when {@code instances < 1}, or more than 8 per core (at
     *     least 64 are allowed)
     * @throws IllegalCallerException when the caller's module has no native access
     * @throws UnsatisfiedLinkError naming the path and why it cannot be loaded
     * @throws java.io.UncheckedIOException when the copies cannot be made (no writable temporary
     *     directory, no room for them), before any is loaded
     */
    public static TvmLibrary open(Path library, int instances) {
        return opened(library, true, arena -> PrivateCopies.load(library, instances, arena));
    }

    /** The library of what {@code load} opens in a new shared arena; closed again on failure. */
    private static TvmLibrary opened(Path library, boolean copies,
            Function<Arena, List<NativeAccess.Vouched>> load) {
        Arena arena = Arena.ofShared();
        try {
            List<NativeAccess.Vouched> loaded = load.apply(arena);
            return new TvmLibrary(loaded.getFirst(), library.toAbsolutePath(), arena,
                    copies ? List.copyOf(loaded) : null);
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
        }
    }

    /**
     * Wraps symbols the caller keeps loaded ({@code SymbolLookup.loaderLookup()} after
     * {@code System.loadLibrary}); closing the library then closes its executors only.
     *
     * @param lookup where to find the symbols
     * @return the library
     * @throws IllegalCallerException when the caller's module has no native access: the lookup's
     *     answers are the code its executors call
     */
    public static TvmLibrary of(SymbolLookup lookup) {
        return new TvmLibrary(NativeAccess.vouch(lookup, null, "run the functions a lookup finds"),
                null, Arena.ofShared(), null);
    }

    /**
     * The typed binding of a model, as {@link TvmModels#load} makes it, following this library:
     * once it is closed, the binding's calls throw {@link IllegalStateException}. The code it calls
     * (over private copies, as many copies of its own) is unmapped at {@link #close}, which waits
     * for the binding's calls inside C, so a call racing the close never meets unmapped memory.
     *
     * @param <T> the model interface
     * @param model the {@code @TvmModel} interface
     * @return its binding, linked to this library
     * @throws MissingSymbolsError listing every symbol the library lacks
     * @throws IllegalArgumentException when {@code model} has no generated binding
     * @throws IllegalStateException when the library is closed
     * @throws java.io.UncheckedIOException when a binding's private copies cannot be made
     */
    public <T> T model(Class<T> model) {
        List<NativeAccess.Vouched> own;
        synchronized (this) {
            checkOpen();
            own = models == null ? List.of(lookup) : models.load(lookup, copies);
        }
        return ModelArena.bind(model, own, copies != null, arena.scope());
    }

    /**
     * An executor of the model called {@code name}: its {@code <prefix>_<model>}, or its model
     * name alone, which means the one model of that name that this library exports, preferring
     * prefix {@code tvmgen} when it exports several (TVM's default, as its own
     * {@code lib["model"]} falls back to {@code tvmgen_model}).
     *
     * @param name {@code acme_kws}, or {@code kws}
     * @return a new executor with its own buffers, open until it or the library is closed
     * @throws IllegalArgumentException when no known model has that name (the message lists the
     *     known ones and which of them this library exports), when the name is ambiguous (two
     *     known interfaces describe a model of that name: ask by class), when
     *     the library lacks the model's run function, or when the model has no tensor entry
     *     point or a tensor of unknown size
     * @throws IllegalStateException when the library is closed
     */
    public TvmExecutor executor(String name) {
        Objects.requireNonNull(name, "name");
        checkOpen();
        ModelInfo model = known.get().resolve(name, this::exports, description());
        return executor(model, known.get().provider(model));
    }

    /**
     * An executor of the model that {@code model} describes, known by name or not.
     *
     * @param model the {@code @TvmModel} interface
     * @return a new executor with its own buffers, open until it or the library is closed
     * @throws IllegalArgumentException when the library lacks the model's run function, or when
     *     the model has no tensor entry point or a tensor of unknown size
     * @throws IllegalStateException when the library is closed
     */
    public TvmExecutor executor(Class<?> model) {
        checkOpen();
        ModelProvider provider = TvmModels.provider(model);
        return executor(provider.info(), provider);
    }

    /**
     * A symbol of the library by its full name.
     *
     * @param name the C symbol, e.g. {@code acme_kws_run}
     * @return its address
     * @throws IllegalArgumentException when the library does not export it
     * @throws IllegalStateException when the library is closed
     */
    public MemorySegment symbol(String name) {
        Objects.requireNonNull(name, "name");
        checkOpen();
        return lookup.find(name).orElseThrow(() -> new IllegalArgumentException(description()
                + " exports no symbol " + name));
    }

    /**
     * The models known by name ({@link #knownModels}) that this library exports every symbol of,
     * and, for a model javac checked against TVM's output, the operators TVM generated for it (a
     * library two models both called {@code tvmgen_default} export the run function of is the
     * model it was built from only).
     *
     * @return their descriptions, ordered by {@code <prefix>_<model>}
     * @throws IllegalStateException when the library is closed
     */
    public List<ModelInfo> models() {
        checkOpen();
        return known.get().in(lookup, description());
    }

    /**
     * Every model known by name, whether this library holds it or not: those whose providers are
     * on the class path or provided by modules. Two interfaces of one {@code <prefix>_<model>}
     * are both listed; a name that means both is refused by {@link #executor(String)}.
     *
     * @return their descriptions, ordered by {@code <prefix>_<model>}, then by interface
     */
    public List<ModelInfo> knownModels() {
        return known.get().all();
    }

    /** How long a close waits for runs in progress to return before it refuses. */
    public static final Duration CLOSE_WAIT = Duration.ofSeconds(10);

    /**
     * {@code close(CLOSE_WAIT)}.
     *
     * @throws IllegalStateException when a run is still in progress after the wait
     */
    @Override
    public void close() {
        close(CLOSE_WAIT);
    }

    /**
     * Closes the executors, then the library when this opened it, waiting up to {@code wait} for
     * runs in progress in other threads to return. Runs that other threads start meanwhile wait
     * for the verdict: after a close they fail as closed, after a refused one they run. A thread
     * waiting for the model's run lock holds nothing a close waits for. Closing twice does
     * nothing.
     *
     * @param wait how long to wait for runs in progress
     * @throws IllegalStateException when a run is still in progress after {@code wait}: then
     *     nothing is closed, all or nothing
     */
    public synchronized void close(Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        String waited = wait.toMillis() + " ms";
        executors.closeAll(deadline, description(), waited, () -> {
            if (models != null) {
                models.close(deadline, waited, description());
            }
        });
        if (arena.scope().isAlive()) {
            arena.close();
        }
    }

    synchronized boolean isOpen() {
        return arena.scope().isAlive();
    }

    synchronized void forget(TvmExecutor executor) {
        executors.forget(executor);
    }

    private synchronized TvmExecutor executor(ModelInfo model, ModelProvider provider) {
        checkOpen();
        NativeAccess.Vouched copy = copies == null ? lookup : copies.get(nextCopy++ % copies.size());
        return executors.open(model, provider, copy, this,
                () -> known.get().exportedBy(this::exports));
    }

    private void checkOpen() {
        if (!isOpen()) {
            throw new IllegalStateException(description() + " is closed");
        }
    }

    private boolean exports(ModelInfo model) {
        return model.runSymbol().flatMap(lookup::find).isPresent();
    }

    /** How messages name the library: {@code library /path/libx.so}. */
    String description() {
        return path == null ? "the library's symbol lookup" : "library " + path;
    }

    @Override
    public String toString() {
        return "TvmLibrary[" + (path == null ? lookup : path) + "]";
    }
}

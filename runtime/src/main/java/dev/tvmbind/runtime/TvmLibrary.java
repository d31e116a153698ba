package dev.tvmbind.runtime;

import dev.tvmbind.runtime.internal.CheckedOutput;
import dev.tvmbind.runtime.internal.FailedRun;
import dev.tvmbind.runtime.internal.Libraries;
import dev.tvmbind.runtime.internal.NativeAccess;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.WeakHashMap;

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
 * its executors; the typed bindings of {@link #model} keep it loaded while they are reachable.
 */
public final class TvmLibrary implements AutoCloseable {
    private final NativeAccess.Vouched lookup;
    /** The library's file, or null for a lookup given by the caller. */
    private final Path path;
    /**
     * The library's lifetime (its private copies' too) when this opened it: closed last, after
     * the executors, which unloads it; for a lookup given by the caller, only whether this is open.
     */
    private final Arena arena;
    /** Private copies of the library (the first is {@link #lookup}), or null. */
    private final List<NativeAccess.Vouched> copies;
    /** The copy the next executor runs on. */
    private int nextCopy;
    /** Held weakly: an executor nobody closed or refers to goes, and its buffers with it. */
    private final Set<TvmExecutor> executors = Collections.newSetFromMap(new WeakHashMap<>());
    /** The models known by name; discovered on first use. */
    private KnownModels known;

    private TvmLibrary(NativeAccess.Vouched lookup, Path path, Arena arena,
            List<NativeAccess.Vouched> copies) {
        this.lookup = lookup;
        this.path = path;
        this.arena = arena;
        this.copies = copies;
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
        Arena arena = Arena.ofShared();
        try {
            return new TvmLibrary(Libraries.open(library, arena, null),
                    library.toAbsolutePath(), arena, null);
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
        }
    }

    /**
     * Loads {@code instances} private copies of the shared library at {@code library}, so that
     * that many runs of a model execute at once: TVM's generated code keeps its workspace in the
     * library's static memory, so runs of one model in one loaded copy wait for each other (see
     * {@link dev.tvmbind.TvmModel#reentrant}). Executors are spread over the copies in turn; the binding of
     * {@link #model} runs each call on a copy that no other call is using.
     *
     * <p>Each copy is a copy of the file in a private temporary directory, deleted as soon as it is
     * loaded (nothing is left behind, even if the JVM is killed). Memory: each copy has its own
     * code, constants and static data, so {@code instances} times the library's size, TVM's
     * static workspace included; libraries that the file depends on (libm, libc) are loaded once
     * and shared by every copy. The copies are unloaded when the library is closed (after its
     * executors). The typed bindings of {@link #model} run on copies of their own, loaded for
     * them and unloaded once the garbage collector finds the binding unused: a binding stays
     * usable after the library is closed, and costs {@code instances} more copies.
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
        Arena arena = Arena.ofShared();
        try {
            List<NativeAccess.Vouched> copies = PrivateCopies.load(library, instances, arena);
            return new TvmLibrary(copies.getFirst(), library.toAbsolutePath(), arena,
                    List.copyOf(copies));
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
        }
    }

    /**
     * Wraps symbols that the caller keeps loaded, such as {@code SymbolLookup.loaderLookup()}
     * after {@code System.loadLibrary}. Closing the library then closes its executors only.
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
     * The typed binding of a model, as {@link TvmModels#load} makes it. A library opened from a
     * file is opened again for the binding, which keeps it loaded while it is reachable: the
     * binding stays usable after this library is closed. Over private copies
     * ({@link #open(Path, int)}), the binding gets as many copies of its own (the library's are
     * unloaded at its close) and runs each call on one that no other call is using, waiting
     * while all are busy.
     *
     * @param <T> the model interface
     * @param model the {@code @TvmModel} interface
     * @return its binding, linked to this library
     * @throws UnsatisfiedLinkError listing every symbol the library lacks
     * @throws IllegalArgumentException when {@code model} has no generated binding
     * @throws IllegalStateException when the library is closed
     * @throws java.io.UncheckedIOException when a binding's private copies cannot be made
     */
    public <T> T model(Class<T> model) {
        checkOpen();
        if (copies != null) {
            // Copies of its own, which its reachability keeps loaded: this library's go at close.
            return TvmModels.load(model, PrivateCopies.load(path, copies.size(), Arena.ofAuto()));
        }
        return path == null ? TvmModels.load(model, lookup) : TvmModels.load(model, path);
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
        ModelInfo model = known().resolve(name, this::exportsRun, description());
        return executor(model, known().provider(model));
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
        return executor(TvmModels.info(model), TvmModels.provider(model));
    }

    /**
     * A symbol of the library by its full name: the seed's raw lookup.
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
     * The models known by name that this library exports: every symbol of each is in it, so
     * {@link #model} loads it (an executor needs only the run function). All the models known by
     * name are {@link #knownModels}.
     *
     * @return their descriptions, ordered by {@code <prefix>_<model>}
     * @throws IllegalStateException when the library is closed
     */
    public List<ModelInfo> models() {
        checkOpen();
        return known().all().stream()
                .filter(m -> m.symbols().stream().allMatch(s -> lookup.find(s).isPresent()))
                .toList();
    }

    /**
     * Every model known by name, whether this library holds it or not: those whose bindings'
     * providers are on the class path or provided by modules. Two interfaces of one
     * {@code <prefix>_<model>} are both listed ({@link ModelInfo#modelInterface} tells them
     * apart); a name that means both is refused by {@link #executor(String)}.
     *
     * @return their descriptions, ordered by {@code <prefix>_<model>}, then by interface
     */
    public List<ModelInfo> knownModels() {
        return known().all();
    }

    /** How long a close waits for runs in progress to return before it refuses. */
    public static final Duration CLOSE_WAIT = Duration.ofSeconds(10);

    /**
     * Closes the executors, then the library when this opened it, waiting for runs in progress
     * in other threads to return (up to {@link #CLOSE_WAIT}). Closing twice does nothing.
     * Equivalent to {@code close(CLOSE_WAIT)}.
     *
     * @throws IllegalStateException when a run is still in progress after the wait: then
     *     nothing is closed, all or nothing
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
        List<TvmExecutor> open = executors.stream().filter(e -> e.memory.isOpen()).toList();
        List<TvmExecutor> taken = new ArrayList<>();
        for (TvmExecutor executor : open) {
            try {
                if (executor.runs.beginClose(deadline)) {
                    taken.add(executor);
                }
            } catch (IllegalStateException e) {
                taken.forEach(t -> t.runs.endClose(false));
                throw new IllegalStateException("cannot close " + description() + " while a run()"
                        + " of its executor of " + executor.info().cName() + " is in progress in"
                        + " another thread (waited " + wait.toMillis() + " ms); nothing was closed", e);
            }
        }
        for (TvmExecutor executor : taken) {
            executor.memory.close();
            executor.runs.endClose(true);
        }
        executors.clear();
        if (arena.scope().isAlive()) {
            arena.close();
        }
    }

    synchronized boolean isOpen() {
        return arena.scope().isAlive();
    }

    synchronized void forget(TvmExecutor executor) {
        executors.remove(executor);
    }

    private synchronized TvmExecutor executor(ModelInfo model, ModelProvider provider) {
        checkOpen();
        ExecutorRun.checkDescription(model, provider);
        ExecutorMemory.checkSizes(model);
        NativeAccess.Vouched copy = copies == null ? lookup : copies.get(nextCopy++ % copies.size());
        MemorySegment run = copy.find(model.runSymbol()).orElseThrow(
                () -> new IllegalArgumentException(description() + " lacks " + model.runSymbol()
                        + ", the run function of model " + model.cName() + "; "
                        + known().exportedBy(this::exportsRun)));
        CheckedOutput.of(model.modelInterface()).ifPresent(checked -> checked.verify(model, copy,
                "the " + description()));
        TvmExecutor executor = new TvmExecutor(model, run, FailedRun.of(copy), this);
        executors.add(executor);
        return executor;
    }

    private boolean exportsRun(ModelInfo model) {
        return !model.runSymbol().isEmpty() && lookup.find(model.runSymbol()).isPresent();
    }

    private synchronized KnownModels known() {
        if (known == null) {
            known = KnownModels.discover(ServiceLoader.load(ModelProvider.class));
        }
        return known;
    }

    private void checkOpen() {
        if (!isOpen()) {
            throw new IllegalStateException(description() + " is closed");
        }
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

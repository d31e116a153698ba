package dev.tvmbind.runtime;

import dev.tvmbind.runtime.internal.Bindings;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Loads the generated binding of a model interface: the Java analogue of TVM's
 * {@code lib["model"]()} factory.
 *
 * <pre>{@code
 * static final CatSpotter SPOTTER = TvmModels.load(CatSpotter.class, Path.of("libcat.so"));
 * }</pre>
 *
 * <p>The binding of {@code com.acme.CatSpotter} is {@code com.acme.CatSpotterBinding}, that of a
 * nested {@code com.acme.Outer.Inner} is {@code com.acme.Outer_InnerBinding}; calling its
 * {@code load} method directly does the same. No reflection is involved: the binding hands its
 * {@code load}s and {@code INFO} to the runtime as its class initialises, so a named module needs
 * no {@code exports} or {@code opens} for it.
 *
 * <p>To open a library of several models once, or to run a model by name, see
 * {@link TvmLibrary}. A typed binding is the model's interface, which cannot be closed, so it lives
 * by reachability; where it comes from says how long its library does:
 * <ul>
 *   <li>{@code load(Path)} (here or on the binding): the binding keeps the library loaded while
 *       it is reachable;
 *   <li>{@code load(SymbolLookup)}: as long as the caller keeps the lookup's library loaded;
 *   <li>{@link TvmLibrary#model}: the binding follows the library, and its calls throw
 *       {@link IllegalStateException} once the library is closed.
 * </ul>
 * Every path that opens a library or takes a lookup requires its caller's module to have native
 * access, as FFM's restricted methods do ({@link IllegalCallerException} otherwise).
 */
public final class TvmModels {
    private TvmModels() {}

    /**
     * Links the model's entry points to the symbols of {@code lookup}.
     *
     * @param <T> the model interface
     * @param model the {@code @TvmModel} interface
     * @param lookup where to find the symbols; it must stay usable while the binding is used
     * @return the model's binding
     * @throws MissingSymbolsError listing every symbol the lookup lacks
     * @throws IllegalArgumentException when {@code model} is not a {@code @TvmModel} interface
     *     with a generated binding
     */
    public static <T> T load(Class<T> model, SymbolLookup lookup) {
        Objects.requireNonNull(lookup, "lookup");
        return Bindings.of(model).fromLookup().apply(lookup);
    }

    /**
     * Opens the shared library at {@code library} and links the model's entry points to it. The
     * library stays loaded as long as the returned binding is reachable.
     *
     * @param <T> the model interface
     * @param model the {@code @TvmModel} interface
     * @param library the shared library's file
     * @return the model's binding
     * @throws UnreadableLibraryError naming the path when the library cannot be loaded
     * @throws MissingSymbolsError listing every symbol it lacks
     */
    public static <T> T load(Class<T> model, Path library) {
        Objects.requireNonNull(library, "library");
        return Bindings.of(model).fromPath().apply(library);
    }

    /**
     * What the model's interface declares: its C names, and each tensor's name, dtype, shape and
     * size. The same as the generated binding's {@code INFO} constant.
     *
     * @param model the {@code @TvmModel} interface
     * @return its binding's {@code INFO}
     * @throws IllegalArgumentException when {@code model} is not a {@code @TvmModel} interface
     *     with a generated binding
     */
    public static ModelInfo info(Class<?> model) {
        return Bindings.of(model).info();
    }

    /**
     * The binding of {@code model} over private copies of one library, which tvmbind vouched for:
     * each call runs on a copy that no other call is using.
     */
    static <T> T load(Class<T> model, List<? extends SymbolLookup> copies) {
        return Bindings.trusted(model).fromCopies().apply(List.<SymbolLookup>copyOf(copies));
    }

    /**
     * The binding of {@code model} over a library tvmbind vouched for: only a binding that
     * {@link Bindings#trusted} finds is handed it.
     */
    static <T> T loadVouched(Class<T> model, SymbolLookup vouched) {
        return Bindings.trusted(model).fromLookup().apply(vouched);
    }

    /**
     * The generated provider of {@code model}, for an executor whose buffers its description sizes:
     * {@link Bindings#trusted}'s.
     */
    static ModelProvider provider(Class<?> model) {
        return Bindings.trusted(model).provider();
    }
}

package dev.tvmbind.runtime;

import java.lang.foreign.SymbolLookup;
import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
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
 * {@code load} method directly does the same without reflection. In a named module the model's
 * package must be exported (or, for a non-public interface, opened) to {@code dev.tvmbind.runtime}:
 * {@code exports com.acme to dev.tvmbind.runtime;}.
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
     * @throws IllegalStateException when the binding is not accessible to this module
     */
    public static <T> T load(Class<T> model, SymbolLookup lookup) {
        Objects.requireNonNull(lookup, "lookup");
        return invokeLoad(model, SymbolLookup.class, lookup);
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
        return invokeLoad(model, Path.class, library);
    }

    /**
     * What the model's interface declares: its C names, and each tensor's name, dtype, shape and
     * size. The same as the generated binding's {@code INFO} constant.
     *
     * @param model the {@code @TvmModel} interface
     * @return its binding's {@code INFO}
     * @throws IllegalArgumentException when {@code model} is not a {@code @TvmModel} interface
     *     with a generated binding
     * @throws IllegalStateException when the binding is not accessible to this module
     */
    public static ModelInfo info(Class<?> model) {
        Objects.requireNonNull(model, "model");
        Class<?> binding = bindingClass(model);
        try {
            Field info = binding.getField("INFO");
            return (ModelInfo) info.get(null);
        } catch (NoSuchFieldException e) {
            throw noBinding(model, binding.getName(), e);
        } catch (IllegalAccessException e) {
            throw inaccessible(model, e);
        }
    }

    /**
     * The binding of {@code model} over private copies of one library: each call runs on a copy
     * that no other call is using.
     */
    static <T> T load(Class<T> model, List<? extends SymbolLookup> copies) {
        return invokeLoad(model, List.class, List.<SymbolLookup>copyOf(copies));
    }

    /**
     * The generated provider of {@code model}: what links its run function for an executor, with
     * the native access of the module that holds the binding.
     */
    static ModelProvider provider(Class<?> model) {
        Class<?> binding = bindingClass(model);
        try {
            return (ModelProvider) Class.forName(binding.getName() + "$Provider", true,
                    binding.getClassLoader()).getConstructor().newInstance();
        } catch (ClassNotFoundException | NoSuchMethodException | ClassCastException e) {
            throw noBinding(model, binding.getName(), e);
        } catch (InvocationTargetException | InstantiationException e) {
            throw new IllegalStateException("cannot make the provider of " + model.getName(), e);
        } catch (IllegalAccessException e) {
            throw inaccessible(model, e);
        }
    }

    private static <T> T invokeLoad(Class<T> model, Class<?> parameter, Object argument) {
        Objects.requireNonNull(model, "model");
        Method load = loadMethod(model, parameter);
        try {
            return model.cast(load.invoke(null, argument));
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        } catch (IllegalAccessException e) {
            throw inaccessible(model, e);
        }
    }

    private static Method loadMethod(Class<?> model, Class<?> parameter) {
        Class<?> binding = bindingClass(model);
        try {
            Method load = binding.getDeclaredMethod("load", parameter);
            if (!load.canAccess(null)) {
                load.setAccessible(true);
            }
            return load;
        } catch (NoSuchMethodException e) {
            throw noBinding(model, binding.getName(), e);
        } catch (InaccessibleObjectException e) {
            throw inaccessible(model, e);
        }
    }

    private static Class<?> bindingClass(Class<?> model) {
        if (!model.isInterface()) {
            throw new IllegalArgumentException(model.getName() + " is not an interface");
        }
        String binding = bindingName(model);
        try {
            return Class.forName(binding, true, model.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw noBinding(model, binding, e);
        }
    }

    private static IllegalArgumentException noBinding(Class<?> model, String binding,
            Exception cause) {
        return new IllegalArgumentException("no generated binding " + binding + " for "
                + model.getName() + "; is it a @TvmModel interface, compiled with the"
                + " tvmbind processor on the processor path?", cause);
    }

    private static IllegalStateException inaccessible(Class<?> model, Exception cause) {
        return new IllegalStateException("the binding of " + model.getName() + " is not"
                + " accessible to module dev.tvmbind.runtime; add 'exports " + model.getPackageName()
                + " to dev.tvmbind.runtime;' to " + model.getModule().getName() + "'s module-info"
                + " (or 'opens' for a non-public interface)", cause);
    }

    /** {@code com.acme.Outer.Inner} → {@code com.acme.Outer_InnerBinding}. */
    static String bindingName(Class<?> model) {
        StringBuilder simple = new StringBuilder(model.getSimpleName());
        for (Class<?> outer = model.getEnclosingClass(); outer != null; outer = outer.getEnclosingClass()) {
            simple.insert(0, outer.getSimpleName() + "_");
        }
        String packageName = model.getPackageName();
        return (packageName.isEmpty() ? "" : packageName + ".") + simple + "Binding";
    }
}

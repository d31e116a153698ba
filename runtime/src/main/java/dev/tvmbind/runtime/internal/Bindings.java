package dev.tvmbind.runtime.internal;

import dev.tvmbind.runtime.ModelInfo;
import dev.tvmbind.runtime.ModelProvider;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandles;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * What a generated binding offers {@code TvmModels} and {@code TvmLibrary}, handed over by the
 * binding itself as its class initialises: its {@code INFO}, its provider and its three
 * {@code load}s as typed functions. No member is looked up by name, and the model's package needs
 * no {@code exports} to the runtime. Used by generated code; applications have no need of it.
 *
 * <p>Only the binding may register: its own lookup ({@code ORIGINAL} access), of the class the
 * model's loader resolves by the binding's name. What it registers lives with the model's class
 * ({@link ClassValue}), so it keeps no class loader alive.
 */
public final class Bindings {
    private Bindings() {}

    /**
     * A binding's offer.
     *
     * @param info its {@code INFO}
     * @param provider its {@code Provider}
     * @param fromLookup {@code load(SymbolLookup)}
     * @param fromPath {@code load(Path)}
     * @param fromCopies {@code load(List<SymbolLookup>)}
     */
    public record Binding<T>(ModelInfo info, ModelProvider provider,
            Function<SymbolLookup, T> fromLookup, Function<Path, T> fromPath,
            Function<List<SymbolLookup>, T> fromCopies) {
        public Binding {
            Objects.requireNonNull(info, "info");
            Objects.requireNonNull(provider, "provider");
            Objects.requireNonNull(fromLookup, "fromLookup");
            Objects.requireNonNull(fromPath, "fromPath");
            Objects.requireNonNull(fromCopies, "fromCopies");
        }
    }

    /** An offer and the module of the class that made it. */
    private record Registered(Binding<?> offer, Module by) {}

    private static final ClassValue<AtomicReference<Registered>> REGISTERED = new ClassValue<>() {
        @Override
        protected AtomicReference<Registered> computeValue(Class<?> model) {
            return new AtomicReference<>();
        }
    };

    /**
     * Registers the binding of {@code model}: called by the binding's class initialisation.
     *
     * @param binding the binding's own lookup
     * @return 0, for the static field that runs it
     * @throws IllegalCallerException when the lookup is not the binding's own
     */
    public static <T> int register(MethodHandles.Lookup binding, Class<T> model,
            Binding<T> offer) {
        Objects.requireNonNull(offer, "offer");
        Class<?> caller = binding.lookupClass();
        Class<?> resolved;
        try {
            resolved = Class.forName(bindingName(model), false, model.getClassLoader());
        } catch (ClassNotFoundException e) {
            resolved = null;
        }
        if ((binding.lookupModes() & MethodHandles.Lookup.ORIGINAL) == 0 || caller != resolved) {
            throw new IllegalCallerException(caller.getName() + " is not the binding of "
                    + model.getName());
        }
        REGISTERED.get(model).compareAndSet(null, new Registered(offer, caller.getModule()));
        return 0;
    }

    /**
     * The binding of {@code model}, its class initialised if it was not.
     *
     * @throws IllegalArgumentException when {@code model} has no generated binding
     */
    @SuppressWarnings("unchecked")
    public static <T> Binding<T> of(Class<T> model) {
        return (Binding<T>) registered(model).offer();
    }

    /**
     * The binding of {@code model}, to be handed what only code with native access may have (a
     * library tvmbind vouched for) or to size native buffers by its description: registered by a
     * module with native access, and describing {@code model} itself through its provider, so that
     * no module can lend itself another's provider.
     *
     * @throws IllegalArgumentException when {@code model} has no generated binding, or its
     *     provider describes another model
     * @throws IllegalCallerException when the binding's module has no native access
     */
    @SuppressWarnings("unchecked")
    public static <T> Binding<T> trusted(Class<T> model) {
        Registered registered = registered(model);
        Binding<T> offer = (Binding<T>) registered.offer();
        ModelInfo described = offer.provider().info();
        if (described.modelInterface() != model || offer.info() != described) {
            throw new IllegalArgumentException("the binding registered for " + model.getName()
                    + " offers the provider of " + described.modelInterface().getName()
                    + ": a model is described by its own generated binding only");
        }
        if (!registered.by().isNativeAccessEnabled()) {
            throw Linking.noNativeAccess(registered.by(), described, null);
        }
        return offer;
    }

    private static Registered registered(Class<?> model) {
        Objects.requireNonNull(model, "model");
        if (!model.isInterface()) {
            throw new IllegalArgumentException(model.getName() + " is not an interface");
        }
        AtomicReference<Registered> slot = REGISTERED.get(model);
        if (slot.get() == null) {
            String name = bindingName(model);
            try {
                Class.forName(name, true, model.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw noBinding(model, name, e);
            }
            if (slot.get() == null) {
                // A binding that registers no model: a @TvmFfi interface's (or a class of that
                // name that is no binding at all).
                throw new IllegalArgumentException(name + " describes no @TvmModel: "
                        + model.getName() + " is not a model interface. If it is a @TvmFfi or"
                        + " @TvmRelax interface, its functions are listed by " + name + ".INFO (as"
                        + " declared; a @TvmFfi binding's " + name + ".functions(binding) as"
                        + " loaded); TvmModels and TvmLibrary serve @TvmModel interfaces");
            }
        }
        return slot.get();
    }

    private static IllegalArgumentException noBinding(Class<?> model, String binding,
            Exception cause) {
        return new IllegalArgumentException("no generated binding " + binding + " for "
                + model.getName() + "; is it a @TvmModel interface, compiled with the"
                + " tvmbind processor on the processor path?", cause);
    }

    /** {@code com.acme.Outer.Inner} → {@code com.acme.Outer_InnerBinding}. */
    static String bindingName(Class<?> model) {
        StringBuilder simple = new StringBuilder(model.getSimpleName());
        for (Class<?> outer = model.getEnclosingClass(); outer != null;
                outer = outer.getEnclosingClass()) {
            simple.insert(0, outer.getSimpleName() + "_");
        }
        String packageName = model.getPackageName();
        return (packageName.isEmpty() ? "" : packageName + ".") + simple + "Binding";
    }
}

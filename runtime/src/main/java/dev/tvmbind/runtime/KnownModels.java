package dev.tvmbind.runtime;

import dev.tvmbind.contract.CNames;
import dev.tvmbind.runtime.internal.CheckedLibrary;
import dev.tvmbind.runtime.internal.NativeAccess;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The models known by name, through the {@link ModelProvider}s of their bindings, and the policy
 * that turns a name into one of them: the full {@code <prefix>_<model>} (P0), then the model name
 * alone among those a library exports, preferring TVM's prefix {@code tvmgen} (P1). Two known
 * models with one {@code <prefix>_<model>} (every {@code tvmc} model without
 * {@code --module-name} is {@code tvmgen_default}) are never told apart by a guess: their sizes
 * differ, and the wrong one would write past the other's buffers.
 */
final class KnownModels {
    private final Map<String, List<ModelInfo>> byName;
    /** The provider of each model interface: what links its run for an executor. */
    private final Map<Class<?>, ModelProvider> providers;

    private KnownModels(Map<String, List<ModelInfo>> byName, Map<Class<?>, ModelProvider> providers) {
        this.byName = byName;
        this.providers = providers;
    }

    /** The models {@link #discover} finds among the {@link ModelProvider} services, found once. */
    static Supplier<KnownModels> onFirstUse() {
        return new Supplier<>() {
            private KnownModels known;

            @Override
            public synchronized KnownModels get() {
                if (known == null) {
                    known = discover(ServiceLoader.load(ModelProvider.class));
                }
                return known;
            }
        };
    }

    /**
     * Every model the providers describe. A provider that cannot be found (a stale entry in a
     * services file) is passed over: it must not hide the others.
     *
     * @throws LinkageError from a provider that cannot be used: generated for another runtime
     *     contract, or whose binding's initialisation failed
     */
    static KnownModels discover(ServiceLoader<ModelProvider> providers) {
        Map<String, List<ModelInfo>> models = new TreeMap<>();
        Map<Class<?>, ModelProvider> byInterface = new HashMap<>();
        Iterator<ModelProvider> iterator = providers.iterator();
        while (hasNext(iterator)) {
            try {
                ModelProvider provider = iterator.next();
                ModelInfo info = provider.info();
                byInterface.putIfAbsent(info.modelInterface(), provider);
                List<ModelInfo> named = models.computeIfAbsent(info.cName(), n -> new ArrayList<>());
                if (named.stream().noneMatch(m -> m.modelInterface() == info.modelInterface())) {
                    named.add(info);
                    named.sort(Comparator.comparing(m -> m.modelInterface().getName()));
                }
            } catch (ServiceConfigurationError e) {
                // A stale entry (a class no longer there) must not hide the others; a provider
                // that exists but does not fit this runtime (another contract version) must show.
                if (e.getCause() instanceof LinkageError incompatible
                        && !(incompatible instanceof NoClassDefFoundError missing
                                && missing.getCause() == null)) {
                    throw incompatible;
                }
            }
        }
        return new KnownModels(models, byInterface);
    }

    /** False also when the services files cannot be read at all. */
    private static boolean hasNext(Iterator<ModelProvider> iterator) {
        try {
            return iterator.hasNext();
        } catch (ServiceConfigurationError e) {
            return false;
        }
    }

    /** Every known model, by {@code <prefix>_<model>}, then by interface. */
    /** The provider of a model found by name. */
    ModelProvider provider(ModelInfo model) {
        return providers.get(model.modelInterface());
    }

    List<ModelInfo> all() {
        return byName.values().stream().flatMap(List::stream).toList();
    }

    /**
     * @param exported whether the library exports a model's run function
     * @param library how messages name the library
     */
    ModelInfo resolve(String name, Predicate<ModelInfo> exported, String library) {
        List<ModelInfo> full = byName.get(name);
        if (full != null) {
            return unambiguous(name, full);
        }
        List<ModelInfo> named = all().stream().filter(m -> m.name().equals(name)).toList();
        List<ModelInfo> inLibrary = named.stream().filter(exported).toList();
        List<ModelInfo> candidates = inLibrary.isEmpty() ? named : inLibrary;
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("no model called '" + name + "' is known; "
                    + describe(exported) + ". A model is known by name when its binding is on the"
                    + " class path, or when its named module declares 'provides"
                    + " dev.tvmbind.runtime.ModelProvider with <its binding>.Provider;'");
        }
        List<String> cNames = candidates.stream().map(ModelInfo::cName).distinct().toList();
        if (cNames.size() == 1) {
            return unambiguous(cNames.getFirst(), candidates);
        }
        // TVM's default prefix is preferred when a model name alone matches several models.
        String preferred = CNames.model(CNames.DEFAULT_PREFIX, name);
        if (cNames.contains(preferred)) {
            return unambiguous(preferred, byName.get(preferred));
        }
        throw new IllegalArgumentException("'" + name + "' is ambiguous: " + String.join(", ", cNames)
                + (inLibrary.isEmpty() ? " are known" : " are all in " + library)
                + "; pass the full name");
    }

    /** The one model of {@code cName}; two interfaces of one name are refused, not guessed. */
    private static ModelInfo unambiguous(String cName, List<ModelInfo> models) {
        if (models.size() == 1) {
            return models.getFirst();
        }
        throw new IllegalArgumentException("'" + cName + "' is ambiguous: " + models.size()
                + " known models have that name, described by " + models.stream()
                        .map(m -> m.modelInterface().getName()).collect(Collectors.joining(" and "))
                + " (their sizes may differ: guessing could overflow a buffer); ask for the one"
                + " you mean by its interface: executor(" + models.getFirst().modelInterface()
                        .getSimpleName() + ".class)");
    }

    /** The known models, and which of them the library exports. */
    String describe(Predicate<ModelInfo> exported) {
        if (byName.isEmpty()) {
            return "no model is known";
        }
        return "known models: " + all().stream().map(m -> m.cName() + " ("
                + javaName(m.modelInterface()) + (exported.test(m) ? ", in this library)" : ")"))
                .collect(Collectors.joining(", "));
    }

    /** {@code Outer.Inner}, as the source writes it. */
    private static String javaName(Class<?> type) {
        return type.getCanonicalName() != null ? type.getCanonicalName() : type.getName();
    }

    /** Which known models the library exports. */
    String exportedBy(Predicate<ModelInfo> exported) {
        List<String> names = all().stream().filter(exported).map(ModelInfo::cName).distinct()
                .toList();
        return names.isEmpty() ? "it holds no known model" : "it holds " + String.join(", ", names);
    }

    /**
     * The models {@code library} exports every symbol of and, for one javac checked against
     * TVM's output, the operators TVM generated for it.
     */
    List<ModelInfo> in(NativeAccess.Vouched library, String description) {
        return all().stream().filter(m -> m.symbols().stream().allMatch(
                s -> library.find(s).isPresent()) && fingerprintPasses(m, library, description))
                .toList();
    }

    /** Whether the library is the model javac checked the interface against, when it did. */
    private static boolean fingerprintPasses(ModelInfo model, NativeAccess.Vouched library,
            String description) {
        try {
            CheckedLibrary.verify(model, library, description);
            return true;
        } catch (UnsatisfiedLinkError | IllegalArgumentException e) {
            return false;
        }
    }
}

package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.contract.RelaxLibraryFacts;
import dev.tvmbind.runtime.relax.RelaxModule;
import dev.tvmbind.runtime.relax.RelaxVm;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * Asks a loaded Relax library what {@link RelaxLibraryFacts} holds: for its load check and for
 * the child JVM that reads a library for {@code describe} and the build's check.
 */
public final class RelaxFactsReader {
    private RelaxFactsReader() {}

    /**
     * The facts of {@code functions} (those the library holds, when its list is known).
     *
     * @param module the library, loaded
     * @param functions the functions to read
     * @return the facts
     */
    public static RelaxLibraryFacts read(RelaxModule module, Collection<String> functions) {
        Optional<Map<String, Integer>> known = module.functions();
        Map<String, List<String>> parameters = new LinkedHashMap<>();
        try (RelaxVm vm = module.vm()) {
            for (String function : functions) {
                if (known.isEmpty() || known.get().containsKey(function)) {
                    parameters.put(function, IntStream.range(0, (int) vm.arity(function))
                            .mapToObj(i -> vm.parameterName(function, i)).toList());
                }
            }
        }
        return RelaxLibraryFacts.of(known.map(Map::keySet), parameters,
                module.stats().orElse(""));
    }
}

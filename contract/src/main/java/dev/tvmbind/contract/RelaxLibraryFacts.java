package dev.tvmbind.contract;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Relax library says of its functions: their names (from the executable's text, when
 * tvmbind recognises it), each function's parameter names (the VM's {@code
 * get_function_param_name}), and the annotations TVM's checks carry as constants, read from the
 * executable's {@code stats} text: {@code ErrorContext(fn=forward, loc=param[0], param=x,
 * annotation=R.Tensor((n, 784), dtype="float32"))}, and {@code loc=return} only where TVM checks a
 * result at run time. The runtime's load check, {@code describe} and the build's check read a
 * library through this one class.
 *
 * @param names every function the library holds, when its text was recognised
 * @param functions the functions read, by name, in the library's order
 */
public record RelaxLibraryFacts(Optional<Set<String>> names, Map<String, Function> functions) {
    private static final Pattern CONTEXT = Pattern.compile("ErrorContext\\(fn=([^,()]{1,1000}),"
            + " loc=(?:param\\[(\\d{1,6})\\]|return)(?:, param=[^,()]{1,1000})?, annotation=");

    /**
     * One function.
     *
     * @param name its Relax name
     * @param parameterNames its parameters' Relax names
     * @param parameters what the library annotates each parameter as ({@link RelaxType.Unknown}
     *     where it has no annotation, or one tvmbind does not read)
     * @param result the result's annotation, where TVM checks it at run time
     */
    public record Function(String name, List<String> parameterNames, List<RelaxType> parameters,
            Optional<RelaxType> result) {
        public Function {
            parameterNames = List.copyOf(parameterNames);
            parameters = List.copyOf(parameters);
        }

        /** Whether the library's text of some parameter or of the result was not recognised. */
        public boolean unrecognised() {
            return parameters.stream().anyMatch(RelaxLibraryFacts::unrecognised)
                    || result.filter(RelaxLibraryFacts::unrecognised).isPresent();
        }
    }

    public RelaxLibraryFacts {
        names = names.map(Set::copyOf);
        functions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(functions));
    }

    /**
     * Reads a library's facts.
     *
     * @param names every function, when known
     * @param parameterNames the parameter names of the functions read, in the library's order
     * @param stats the executable's {@code stats} text ("" where there is none)
     * @return the facts
     */
    public static RelaxLibraryFacts of(Optional<Set<String>> names,
            Map<String, List<String>> parameterNames, String stats) {
        Map<String, Map<Integer, RelaxType>> annotations = annotations(stats);
        Map<String, Function> functions = new LinkedHashMap<>();
        parameterNames.forEach((name, parameters) -> {
            Map<Integer, RelaxType> of = annotations.getOrDefault(name, Map.of());
            List<RelaxType> types = new ArrayList<>();
            for (int i = 0; i < parameters.size(); i++) {
                types.add(of.getOrDefault(i, new RelaxType.Unknown("")));
            }
            functions.put(name, new Function(name, parameters, types,
                    Optional.ofNullable(of.get(-1))));
        });
        return new RelaxLibraryFacts(names, functions);
    }

    /** Every {@code ErrorContext} annotation, by function, then parameter ({@code -1}: result). */
    static Map<String, Map<Integer, RelaxType>> annotations(String stats) {
        Map<String, Map<Integer, RelaxType>> annotations = new HashMap<>();
        Matcher matcher = CONTEXT.matcher(stats);
        int from = 0;
        while (from < stats.length() && matcher.find(from)) {
            int end = closing(stats, matcher.end());
            if (end < 0) {
                break;
            }
            int index = matcher.group(2) == null ? -1 : Integer.parseInt(matcher.group(2));
            annotations.computeIfAbsent(matcher.group(1).strip(), f -> new HashMap<>())
                    .put(index, RelaxTypeText.parse(stats.substring(matcher.end(), end)));
            from = end;
        }
        return annotations;
    }

    /** Where the {@code ErrorContext(} begun before {@code from} closes, or -1. */
    private static int closing(String text, int from) {
        int depth = 1;
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    private static boolean unrecognised(RelaxType type) {
        return type instanceof RelaxType.Unknown unknown && !unknown.text().isEmpty()
                || type instanceof RelaxType.Tuple tuple
                        && tuple.items().stream().anyMatch(RelaxLibraryFacts::unrecognised);
    }
}

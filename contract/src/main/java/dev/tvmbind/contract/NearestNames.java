package dev.tvmbind.contract;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The names nearest to one that was mistyped, by edit distance (Levenshtein, case-insensitive):
 * {@code tvmbind.prefx} is 1 from {@code tvmbind.prefix}. For messages that say what was meant.
 */
public final class NearestNames {
    private NearestNames() {}

    /**
     * Up to {@code count} of {@code names} nearest to {@code name}, nearest first (ties in
     * alphabetical order), none farther than {@code maxDistance}.
     */
    public static List<String> of(String name, Collection<String> names, int count,
            int maxDistance) {
        return names.stream().filter(n -> distance(name, n) <= maxDistance)
                .sorted(Comparator.comparingInt((String n) -> distance(name, n))
                        .thenComparing(Comparator.naturalOrder()))
                .distinct().limit(count).toList();
    }

    /** Levenshtein distance, case-insensitive. */
    public static int distance(String a, String b) {
        String x = a.toLowerCase(Locale.ROOT);
        String y = b.toLowerCase(Locale.ROOT);
        int[] previous = new int[y.length() + 1];
        int[] current = new int[y.length() + 1];
        for (int j = 0; j <= y.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= x.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= y.length(); j++) {
                int substitution = previous[j - 1] + (x.charAt(i - 1) == y.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[y.length()];
    }
}

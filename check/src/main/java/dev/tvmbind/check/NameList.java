package dev.tvmbind.check;

import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Names listed in a diagnostic: the first few, then how many more. A hostile header declares
 * thousands of members, and a message that lists them all is no longer one line anybody reads.
 */
public final class NameList {
    /** How many names a message shows before it says how many it left out. */
    public static final int SHOWN = 10;

    private NameList() {}

    /**
     * Names listed as {@link #of} lists them, each quoted ({@link Quoted}) already: a message
     * prints the list whole (a text argument longer than a line would be cut), since no name in it
     * can be longer than a line.
     */
    public record Quotedlist(String text) {
        @Override
        public String toString() {
            return text;
        }
    }

    /** {@link #of}, each name quoted, as a {@link Quotedlist}. */
    public static Quotedlist quoted(Collection<String> names) {
        return new Quotedlist(of(names.stream().map(Quoted::of).toList()));
    }

    /** {@code a, b, c}, or the first {@value #SHOWN} and {@code … and N more}. */
    public static String of(Collection<String> names) {
        List<String> all = List.copyOf(names);
        if (all.size() <= SHOWN) {
            return String.join(", ", all);
        }
        return all.stream().limit(SHOWN).collect(Collectors.joining(", "))
                + " … and " + (all.size() - SHOWN) + " more";
    }
}

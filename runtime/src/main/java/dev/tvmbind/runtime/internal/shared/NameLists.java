package dev.tvmbind.runtime.internal.shared;

import java.util.List;

/** Lists of names in messages: ten, then how many more (a message that lists hundreds is read by nobody). */
public final class NameLists {
    private NameLists() {}

    private static final int SHOWN = 10;

    public static String cut(List<String> names) {
        return names.size() <= SHOWN ? String.join(", ", names)
                : String.join(", ", names.subList(0, SHOWN)) + " … and " + (names.size() - SHOWN)
                        + " more";
    }
}

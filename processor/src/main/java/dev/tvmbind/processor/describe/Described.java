package dev.tvmbind.processor.describe;

import java.util.List;

/**
 * What {@code describe} wrote from a library, and the warnings to print (a function left out or
 * left as a comment, text not recognised).
 *
 * @param source the interface
 * @param warnings each a line for standard error
 */
record Described(Source source, List<String> warnings) {
    Described {
        warnings = List.copyOf(warnings);
    }
}

package dev.tvmbind.processor.naming;

import java.util.Optional;
import java.util.Set;

/**
 * Names that the headers a generated header includes ({@code <stdint.h>}, {@code <stdbool.h>})
 * declare, and macros of the C library that programs commonly include beside it. As a member or
 * parameter name one of them breaks the prototype ({@code void f(int32_t int32_t, int32_t b)}
 * does not compile) or is rewritten by the preprocessor ({@code errno}, {@code NULL}).
 */
public final class StandardNames {
    private StandardNames() {}

    private static final Set<String> LIBRARY_MACROS = Set.of(
            "NULL", "EOF", "errno", "assert", "offsetof", "setjmp", "complex", "imaginary", "I",
            "noreturn", "stdin", "stdout", "stderr", "va_arg", "va_copy", "va_end", "va_start",
            "bool", "true", "false", "alignas", "alignof", "static_assert", "thread_local");

    /** Says which header declares {@code name}, e.g. {@code "<stdint.h>"}; empty when none does. */
    public static Optional<String> headerOf(String name) {
        if (isStdintName(name)) {
            return Optional.of("<stdint.h>");
        }
        if (LIBRARY_MACROS.contains(name)) {
            return Optional.of("the C standard library");
        }
        return Optional.empty();
    }

    /** The typedefs and macros of {@code <stdint.h>}: {@code int32_t}, {@code INT32_MAX}, .... */
    private static boolean isStdintName(String name) {
        String typeStem = name.startsWith("u") ? name.substring(1) : name;
        if (typeStem.matches("int(_least|_fast)?(8|16|32|64)_t|int(ptr|max)_t")) {
            return true;
        }
        String macroStem = name.startsWith("U") ? name.substring(1) : name;
        return macroStem.matches("INT(_LEAST|_FAST)?(8|16|32|64)_(MAX|MIN|WIDTH)"
                        + "|INT(PTR|MAX)_(MAX|MIN|WIDTH)|INT(8|16|32|64|MAX)_C")
                || name.matches("(PTRDIFF|SIG_ATOMIC|SIZE|WCHAR|WINT)_(MAX|MIN|WIDTH)");
    }
}

package dev.tvmbind.processor.naming;

import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Names that the headers a generated header includes ({@code <stdint.h>}, {@code <stdbool.h>})
 * declare, and macros of the C library that programs commonly include beside it. As a member or
 * parameter name one of them breaks the prototype ({@code void f(int32_t int32_t, int32_t b)}
 * does not compile) or is rewritten by the preprocessor ({@code errno}, {@code NULL}).
 */
public final class StandardNames {
    private StandardNames() {}

    /**
     * Macros of the C library. {@code bool}, {@code true}, {@code alignas} and the like are
     * macros before C23 too, but keywords of C23 and C++, so the keyword rule reports them first.
     */
    private static final Set<String> LIBRARY_MACROS = Set.of(
            "NULL", "EOF", "errno", "assert", "offsetof", "setjmp", "complex", "imaginary", "I",
            "noreturn", "stdin", "stdout", "stderr", "va_arg", "va_copy", "va_end", "va_start");

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

    private static final Pattern STDINT_TYPE =
            Pattern.compile("u?int(_least|_fast)?(8|16|32|64)_t|u?int(ptr|max)_t");
    private static final Pattern STDINT_MACRO = Pattern.compile(
            "U?INT(_LEAST|_FAST)?(8|16|32|64)_(MAX|MIN|WIDTH)|U?INT(PTR|MAX)_(MAX|MIN|WIDTH)"
                    + "|U?INT(8|16|32|64|MAX)_C|(PTRDIFF|SIG_ATOMIC|SIZE|WCHAR|WINT)_(MAX|MIN|WIDTH)");

    /** The typedefs and macros of {@code <stdint.h>}: {@code int32_t}, {@code INT32_MAX}, .... */
    private static boolean isStdintName(String name) {
        return STDINT_TYPE.matcher(name).matches() || STDINT_MACRO.matcher(name).matches();
    }
}

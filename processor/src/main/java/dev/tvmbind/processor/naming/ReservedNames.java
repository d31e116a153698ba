package dev.tvmbind.processor.naming;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Names that the C library reserves for its future use (C11 7.31) and the {@code _t} suffix that
 * POSIX reserves. Using one compiles today but may clash with a later C library, so it is a
 * warning, not an error.
 */
public final class ReservedNames {
    private ReservedNames() {}

    /** A pattern a name matched: its description and where the reservation comes from. */
    public record Reservation(String pattern, String source) {}

    private record Rule(Pattern regex, Reservation reservation) {
        Rule(String regex, String pattern, String source) {
            this(Pattern.compile(regex), new Reservation(pattern, source));
        }
    }

    private static final List<Rule> ORDINARY = List.of(
            new Rule("(is|to)[a-z].*", "'is' or 'to' followed by a lower-case letter",
                    "C11 7.31.2, <ctype.h>"),
            new Rule("(str|mem|wcs)[a-z].*", "'str', 'mem' or 'wcs' followed by a lower-case letter",
                    "C11 7.31.12, <string.h>"),
            new Rule("(atomic_|memory_order_)[a-z].*",
                    "'atomic_' or 'memory_order_' followed by a lower-case letter",
                    "C11 7.31.8, <stdatomic.h>"),
            new Rule("(cnd_|mtx_|thrd_|tss_)[a-z].*",
                    "'cnd_', 'mtx_', 'thrd_' or 'tss_' followed by a lower-case letter",
                    "C11 7.31.15, <threads.h>"),
            new Rule("c(erfc?|exp2|expm1|log10|log1p|log2|lgamma|tgamma)[fl]?",
                    "a future <complex.h> function", "C11 7.31.1, <complex.h>"));

    private static final List<Rule> MACRO = List.of(
            new Rule("E[0-9A-Z].*", "'E' followed by a digit or an upper-case letter",
                    "C11 7.31.3, <errno.h>"),
            new Rule("(FE_|LC_|SIG_|ATOMIC_|TIME_)[A-Z].*",
                    "'FE_', 'LC_', 'SIG_', 'ATOMIC_' or 'TIME_' followed by an upper-case letter",
                    "C11 7.31, <fenv.h> <locale.h> <signal.h> <stdatomic.h> <time.h>"),
            new Rule("SIG[A-Z].*", "'SIG' followed by an upper-case letter",
                    "C11 7.31.7, <signal.h>"),
            new Rule("(PRI|SCN)[a-zX].*", "'PRI' or 'SCN' followed by a lower-case letter or 'X'",
                    "C11 7.31.5, <inttypes.h>"));

    private static final Rule POSIX_TYPE = new Rule(".*_t", "a name ending in '_t'",
            "POSIX.1-2017 2.2.2, reserved for type names");

    /** The reservation of a function, struct tag or other ordinary identifier, if any. */
    public static Optional<Reservation> ofOrdinary(String name) {
        return first(ORDINARY, name);
    }

    /** The reservation of a macro name, if any. */
    public static Optional<Reservation> ofMacro(String name) {
        return first(MACRO, name);
    }

    /** POSIX's reservation of names ending in {@code _t}, which applies to every kind of name. */
    public static Optional<Reservation> ofSuffix(String name) {
        return first(List.of(POSIX_TYPE), name);
    }

    private static Optional<Reservation> first(List<Rule> rules, String name) {
        return rules.stream()
                .filter(rule -> rule.regex().matcher(name).matches())
                .map(Rule::reservation)
                .findFirst();
    }
}

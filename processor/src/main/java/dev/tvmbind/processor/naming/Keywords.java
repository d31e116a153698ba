package dev.tvmbind.processor.naming;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The keywords of C (C89 to C23) and C++ (C++98 to C++23), each with the first standard of its
 * language that made it one. A header that uses one as a member or parameter name does not
 * compile in that language.
 */
public final class Keywords {
    private Keywords() {}

    private static final Map<String, String> C = new LinkedHashMap<>();
    private static final Map<String, String> CPP = new LinkedHashMap<>();

    static {
        add(C, "C89", "auto break case char const continue default do double else enum extern"
                + " float for goto if int long register return short signed sizeof static struct"
                + " switch typedef union unsigned void volatile while");
        add(C, "C99", "inline restrict _Bool _Complex _Imaginary");
        add(C, "C11", "_Alignas _Alignof _Atomic _Generic _Noreturn _Static_assert _Thread_local");
        add(C, "C23", "alignas alignof bool constexpr false nullptr static_assert thread_local true"
                + " typeof typeof_unqual _BitInt _Decimal32 _Decimal64 _Decimal128");
        add(CPP, "C++98", "and and_eq asm auto bitand bitor bool break case catch char class"
                + " compl const const_cast continue default delete do double dynamic_cast else"
                + " enum explicit export extern false float for friend goto if inline int long"
                + " mutable namespace new not not_eq operator or or_eq private protected public"
                + " register reinterpret_cast return short signed sizeof static static_cast struct"
                + " switch template this throw true try typedef typeid typename union unsigned"
                + " using virtual void volatile wchar_t while xor xor_eq");
        add(CPP, "C++11", "alignas alignof char16_t char32_t constexpr decltype noexcept nullptr"
                + " static_assert thread_local");
        add(CPP, "C++20", "char8_t concept consteval constinit co_await co_return co_yield"
                + " requires");
    }

    private static void add(Map<String, String> table, String standard, String words) {
        for (String word : words.split(" ")) {
            table.putIfAbsent(word, standard);
        }
    }

    /**
     * Says which standards make {@code name} a keyword, e.g. {@code "C89 and C++98"} for
     * {@code int}, {@code "C++98"} for {@code class}; empty when it is none.
     */
    public static Optional<String> standardsOf(String name) {
        String c = C.get(name);
        String cpp = CPP.get(name);
        if (c == null && cpp == null) {
            return Optional.empty();
        }
        if (c == null) {
            return Optional.of(cpp);
        }
        return Optional.of(cpp == null ? c : c + " and " + cpp);
    }
}

package dev.tvmbind.processor.validate;

import dev.tvmbind.contract.CNames;
import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.NamePart;
import dev.tvmbind.processor.naming.Identifiers;
import dev.tvmbind.processor.naming.Keywords;
import dev.tvmbind.processor.naming.NameFault;
import dev.tvmbind.processor.naming.ReservedNames;
import dev.tvmbind.processor.naming.StandardNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The checks of single names: the parts joined into symbols (prefix, model, function) and the
 * identifiers that stand alone (members, parameters). Each returns at most one error per name,
 * since one cause gets one diagnostic.
 */
final class NameChecks {
    private NameChecks() {}

    /** A model or function name: {@code [a-z][a-z0-9_]*}, no leading, trailing or double {@code _}. */
    static Optional<Problem> part(NamePart name, String what) {
        return Identifiers.checkPart(name.text())
                .map(fault -> fault(fault, name, what, fault == NameFault.NON_ASCII
                        ? "write it with ASCII letters, digits and '_'" : fixFor(name.text())));
    }

    /**
     * The prefix: a name part that is not empty and not in TVM's namespace, with warnings for the
     * names it would put in the C library's future namespace.
     */
    static List<Problem> prefix(NamePart prefix, String model) {
        String text = prefix.text();
        if (text.isEmpty()) {
            return List.of(Problem.of(Message.EMPTY_PREFIX, prefix.site(), model));
        }
        Optional<Problem> invalid = part(prefix, "prefix");
        if (invalid.isPresent()) {
            return List.of(invalid.get());
        }
        if (text.equals("tvm") || text.startsWith("tvm_")) {
            return List.of(Problem.of(Message.TVM_NAMESPACE, prefix.site(), text,
                    "use 'tvmgen', TVM's prefix for generated code, or a name of your own"));
        }
        // Every function and struct tag starts with "<prefix>_" and a lower-case letter, every
        // macro with "<PREFIX>_" and an upper-case one: whether the C library reserves them is
        // decided by the prefix alone.
        List<Problem> warnings = new ArrayList<>();
        String what = "prefix '" + text + "'";
        ReservedNames.ofOrdinary(text + "_a").ifPresent(r -> warnings.add(Problem.of(
                Message.RESERVED_FOR_FUTURE, prefix.site(), what, "every function and struct tag,"
                        + " such as", text + "_<model>_run", r.pattern(), r.source())));
        ReservedNames.ofMacro(CNames.constant(text) + "_A").ifPresent(r -> warnings.add(Problem.of(
                Message.RESERVED_FOR_FUTURE, prefix.site(), what, "every macro, such as",
                CNames.constant(text) + "_<MODEL>_WORKSPACE_SIZE", r.pattern(), r.source())));
        return warnings;
    }

    /**
     * A struct member or parameter name: a C identifier that is neither reserved nor a keyword
     * nor a name of the standard headers.
     */
    static Optional<Problem> local(String cName, NamePart name, String what) {
        Optional<NameFault> fault = Identifiers.checkLocal(cName);
        if (fault.isPresent()) {
            return Optional.of(fault(fault.get(), name, what, "rename it"));
        }
        Optional<String> keyword = Keywords.standardsOf(cName);
        if (keyword.isPresent()) {
            return Optional.of(Problem.of(Message.KEYWORD, name.site(), what, cName,
                    keyword.get(), "rename it, e.g. '" + cName + "_value'"));
        }
        return StandardNames.headerOf(cName).map(header -> Problem.of(Message.STANDARD_NAME,
                name.site(), what, cName, header, "rename it"));
    }

    /** POSIX's {@code _t} suffix, reserved for types: a warning on the name that ends with it. */
    static Optional<Problem> posixSuffix(String identifier, NamePart cause, String what, String kind) {
        return ReservedNames.ofSuffix(identifier).map(r -> Problem.of(Message.RESERVED_FOR_FUTURE,
                cause.site(), what, kind, identifier, r.pattern(), r.source()));
    }

    static Problem fault(NameFault fault, NamePart name, String what, String fix) {
        Message message = switch (fault) {
            case LEADING_UNDERSCORE, UNDERSCORE_UPPER -> Message.RESERVED_IDENTIFIER;
            case NON_ASCII -> Message.NON_ASCII;
            case UPPER_CASE -> Message.UPPER_CASE;
            case DOUBLE_UNDERSCORE -> Message.DOUBLE_UNDERSCORE;
            case TRAILING_UNDERSCORE -> Message.TRAILING_UNDERSCORE;
            case EMPTY, DIGIT_FIRST, INVALID_CHARACTER -> Message.INVALID_IDENTIFIER;
        };
        // TVM's folding of case is a reason for model names only; others follow its convention.
        String rule = fault == NameFault.UPPER_CASE && !what.startsWith("model name")
                ? "names of TVM's convention are lower case (tvmgen_<model>_<function>), and the"
                        + " header's macros upper-case them anyway"
                : fault.rule();
        return Problem.of(message, name.site(), what + origin(name), name.text(), rule, fix);
    }

    private static String fixFor(String text) {
        return Identifiers.suggestPart(text).map(s -> "did you mean '" + s + "'?")
                .orElse("choose a name of lower-case letters, digits and '_'");
    }

    private static String origin(NamePart name) {
        return switch (name.origin()) {
            case DERIVED -> " (derived from the Java name)";
            case OPTION -> " (from -Atvmbind.prefix)";
            case WRITTEN, DEFAULT -> "";
        };
    }
}

package dev.tvmbind.processor.validate;

import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.Declared;
import dev.tvmbind.processor.model.JavaType;
import dev.tvmbind.processor.model.Site;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where {@code @TvmModel} and {@code @EntryPoint} may stand (README's "Using the processor"): on
 * an interface a binding can implement, on abstract methods with one fixed C signature, each
 * abstract method an entry point, and sizes of 0 or more.
 */
public final class DeclarationRules {
    private DeclarationRules() {}

    /** {@code @TvmModel} on something other than an interface. */
    public static Problem notAnInterface(Site site, String kind, CharSequence name) {
        return Problem.of(Message.NOT_AN_INTERFACE, site, kind, name);
    }

    /** What keeps a binding from implementing the interface. */
    public static List<Problem> implementable(Declared.Interface declared, Site site) {
        List<Problem> problems = new ArrayList<>();
        if (declared.isPrivate()) {
            problems.add(Problem.of(Message.PRIVATE_INTERFACE, site, declared.name()));
        }
        for (String outer : declared.privateEnclosing()) {
            problems.add(Problem.of(Message.ENCLOSING_NOT_ACCESSIBLE, site, declared.name(), outer));
        }
        if (declared.generic()) {
            problems.add(Problem.of(Message.GENERIC_INTERFACE, site, declared.name()));
        }
        if (declared.sealed()) {
            problems.add(Problem.of(Message.SEALED_INTERFACE, site, declared.name()));
        }
        return problems;
    }

    /**
     * A method of the interface: abstract ones are entry points, entry points are abstract and
     * not generic.
     *
     * @param annotated whether {@code @EntryPoint} is on it
     * @param notAbstract what the method is when it is not abstract: {@code static},
     *     {@code private} or {@code a default method}
     * @param generic whether it has type parameters
     * @return the first rule it breaks
     */
    public static Optional<Problem> method(Site site, String described, String owner,
            boolean annotated, Optional<String> notAbstract, boolean generic) {
        if (!annotated) {
            return notAbstract.isEmpty() ? Optional.of(Problem.of(Message.MISSING_ENTRY_POINT,
                    site, described, owner)) : Optional.empty();
        }
        if (notAbstract.isPresent()) {
            return Optional.of(Problem.of(Message.ENTRY_POINT_NOT_ABSTRACT, site, described,
                    notAbstract.get()));
        }
        // One cause, one diagnostic: its type variables are not reported again as types.
        return generic ? Optional.of(Problem.of(Message.GENERIC_METHOD, site, described))
                : Optional.empty();
    }

    /**
     * An entry point's return type without a C counterpart.
     *
     * @param type the C counterpart, if any
     * @param typeName the type as messages write it
     */
    public static Optional<Problem> unsupportedReturn(Site site, String described,
            Optional<JavaType> type, String typeName) {
        return type.filter(JavaType::isReturnable).isPresent() ? Optional.empty()
                : Optional.of(Problem.of(Message.UNSUPPORTED_RETURN, site, described, typeName));
    }

    /** TVM's run function returns its status: a tensor entry point returns it or nothing. */
    public static Optional<Problem> tensorReturn(Site site, String described, JavaType type,
            String typeName, boolean tensor) {
        return tensor && type != JavaType.INT && type != JavaType.VOID
                ? Optional.of(Problem.of(Message.TENSOR_RETURN, site, described, typeName))
                : Optional.empty();
    }

    /** A size written below 0. */
    public static Optional<Problem> size(Site site, String what, CharSequence owner, long size) {
        return size < 0 ? Optional.of(Problem.of(Message.NEGATIVE_SIZE, site, what, owner, size))
                : Optional.empty();
    }
}

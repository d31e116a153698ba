package dev.tvmbind.processor.model;

/**
 * A name the user gave, or that was derived for them, with where it came from.
 *
 * @param text the name as written or derived, before any sanitising
 * @param origin how the name came about, for messages and for "report once" decisions
 * @param site where to report a problem with the name
 */
public record NamePart(String text, Origin origin, Site site) {
    public enum Origin {
        /** Written by the user: in an annotation value, or as the name of a Java parameter. */
        WRITTEN,
        /** Derived from a Java name (snake case of a method or interface, a parameter name). */
        DERIVED,
        /** Given by an {@code -A} option on the command line. */
        OPTION,
        /** The built-in default. */
        DEFAULT
    }
}

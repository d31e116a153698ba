package dev.tvmbind.processor.model;

/**
 * A member type or field that a class implementing the model interface inherits from it: in
 * the binding's body, its simple name means this member, not a class of the same name.
 *
 * @param name the simple name
 * @param type whether it is a member type (it hides classes and packages in every context); a
 *     field hides them only where an expression is expected (JLS 6.5.2)
 * @param site where it is declared
 */
public record ScopeMember(String name, boolean type, Site site) {}

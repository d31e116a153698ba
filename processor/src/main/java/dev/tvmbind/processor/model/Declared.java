package dev.tvmbind.processor.model;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A {@code @TvmModel} interface as written, before any rule: what {@code read/} records, each
 * value with where it was written, and what {@code validate/}'s {@code DeclarationValidator}
 * decides into a {@link ModelSpec}.
 */
public final class Declared {
    private Declared() {}

    /**
     * A value as an annotation wrote it.
     *
     * @param value the value
     * @param site the annotation value
     */
    public record Written<T>(T value, Site site) {}

    /**
     * The annotated type.
     *
     * @param kind what it is: {@code interface}, {@code class}, {@code enum}…
     * @param simpleName its simple name
     * @param site the type, with its {@code @TvmModel}
     * @param facts what decides whether a binding can implement it
     * @param model the rest, for an interface; empty for another kind, whose methods are not read
     */
    public record Type(String kind, String simpleName, Site site, Interface facts,
            Optional<Model> model) {}

    /**
     * What the annotated type declares that decides whether a binding can implement it.
     *
     * @param name its qualified name
     * @param isPrivate whether it is private
     * @param privateEnclosing the qualified names of the private classes it is nested in
     * @param generic whether it has type parameters
     * @param sealed whether it is sealed
     */
    public record Interface(String name, boolean isPrivate, List<String> privateEnclosing,
            boolean generic, boolean sealed) {}

    /**
     * A {@code @TvmModel} interface: {@link ModelSpec}'s values as written, its methods as
     * declared.
     *
     * @param workspaceSize {@code workspaceSize}, if written
     * @param methods every abstract method and every {@code @EntryPoint} method, inherited ones
     *     first
     */
    public record Model(String packageName, List<String> simpleNames, NamePart prefix,
            NamePart name, Optional<Written<Long>> workspaceSize, boolean checked,
            boolean reentrant, Site reentrantSite, List<Method> methods,
            boolean warningsSuppressed, Site site, List<ScopeMember> members,
            Set<String> packageTypeNames, boolean generatedAnnotation) {}

    /**
     * A method of the interface.
     *
     * @param javaName its name
     * @param described how messages name it: {@code Interface.method(int, float[])}
     * @param owner the interface's qualified name
     * @param site the method, with its {@code @EntryPoint} if it has one
     * @param methodSite the method alone
     * @param annotated whether {@code @EntryPoint} is on it
     * @param notAbstract what it is when not abstract: {@code static}, {@code private} or
     *     {@code a default method}
     * @param generic whether it has type parameters
     * @param function its C function: written, {@code run} for a method with a tensor
     *     annotation, else its name in snake case
     * @param critical whether {@code critical = true} was written
     * @param doc its javadoc's first sentence
     * @param returnDoc its javadoc's {@code @return} text
     * @param returnType the return type's C counterpart, if it has one
     * @param returnName the return type as messages write it
     * @param params its parameters
     */
    public record Method(String javaName, String described, String owner, Site site,
            Site methodSite, boolean annotated, Optional<String> notAbstract, boolean generic,
            NamePart function, boolean critical, String doc, String returnDoc,
            Optional<JavaType> returnType, String returnName, List<Parameter> params) {
        /** Whether a tensor annotation is on any parameter: TVM's run function. */
        public boolean tensor() {
            return params.stream().anyMatch(p -> !p.roles().isEmpty());
        }
    }

    /**
     * One parameter.
     *
     * @param name its Java name
     * @param site the parameter
     * @param type its C counterpart, if it has one
     * @param typeName its type as messages write it, e.g. {@code float[]}
     * @param varargs whether it is the varargs parameter
     * @param roles the role of each tensor annotation on it, in {@code TensorAnnotations} order
     * @param annotations those annotations as written, {@code @Input}
     * @param tensor what the first of them wrote, when it has a type
     * @param doc its {@code @param} text
     */
    public record Parameter(String name, Site site, Optional<JavaType> type, String typeName,
            boolean varargs, List<Role> roles, List<String> annotations, Optional<Tensor> tensor,
            String doc) {}

    /**
     * What one tensor annotation wrote, and where.
     *
     * @param javaName the parameter's name
     * @param type its Java type
     * @param role the annotation's role
     * @param name the tensor's name, written or the parameter's
     * @param site the parameter, with its annotation
     * @param doc the parameter's {@code @param} text
     * @param size {@code size}, if written
     * @param dtype {@code dtype}, if written non-empty
     * @param shape {@code shape}, if written: its dimensions, each with its site
     * @param shapeSite {@code shape}'s value, or the annotation
     */
    public record Tensor(String javaName, JavaType type, Role role, NamePart name, Site site,
            String doc, Optional<Written<Long>> size, Optional<Written<String>> dtype,
            Optional<List<Written<Long>>> shape, Site shapeSite) {}
}

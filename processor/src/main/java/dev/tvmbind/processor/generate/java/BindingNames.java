package dev.tvmbind.processor.generate.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.NameAllocator;
import dev.tvmbind.contract.CNames;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.ParamSpec;
import dev.tvmbind.processor.model.ScopeMember;
import dev.tvmbind.processor.naming.SnakeCase;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The names a binding declares: its fields, distinct from each other, and for each method a
 * fresh allocator of local names that never take a name the method's code means otherwise (a
 * field, a class it names, the first part of a package).
 */
final class BindingNames {
    static final String HEADER = "HEADER";
    static final String CONTRACT = "CONTRACT";
    static final String INFO = "INFO";
    static final String REGISTERED = "REGISTERED";
    static final String LINKAGE = "LINKAGE";
    static final String OWNER = "OWNER";
    static final String SCRATCH = "SCRATCH";
    static final String RUN_LOCK = "RUN_LOCK";
    static final String PROVIDER = BindingWriter.PROVIDER;
    static final String COPIES = CopiesWriter.COPIES;
    static final String LINKED = LinkedWriter.LINKED;

    private final NameAllocator fields;
    private final NameAllocator locals;
    private final Set<String> reserved;
    /** The interface's constants, which hide the binding's fields of their name in {@code Linked}. */
    private final Set<String> inheritedFields;
    /** The binding's simple name, to reach a hidden field; null outside {@code Linked}. */
    private final String qualifier;
    /** The classes {@code Linked} reaches through a cast (see {@link BindingScope#viaCast()}). */
    private final Set<ClassName> viaCast;

    /**
     * @param named every class the binding names (see {@link BindingScope#named()})
     * @param viaCast the classes {@code Linked} reaches through a cast
     */
    BindingNames(ModelSpec model, String bindingName, Set<ClassName> named, Set<ClassName> viaCast) {
        this.viaCast = viaCast;
        fields = new NameAllocator();
        locals = new NameAllocator();
        reserved = new HashSet<>();
        inheritedFields = model.members().stream().filter(m -> !m.type()).map(ScopeMember::name)
                .collect(Collectors.toUnmodifiableSet());
        qualifier = null;
        for (String fixed : List.of(HEADER, CONTRACT, INFO, REGISTERED, LINKAGE, OWNER, SCRATCH,
                RUN_LOCK)) {
            fields.newName(fixed);
        }
        for (EntryPointSpec entryPoint : model.entryPoints()) {
            String function = CNames.constant(entryPoint.function().text());
            fields.newName("SYMBOL_" + function, symbolTag(entryPoint));
            fields.newName("HANDLE_" + function, handleTag(entryPoint));
        }
        model.tensorEntryPoint().ifPresent(run -> run.params().forEach(p -> fields.newName(
                SnakeCase.of(p.javaName()).toUpperCase(Locale.ROOT), tensorTag(p))));
        for (String field : List.of(HEADER, CONTRACT, INFO, REGISTERED, LINKAGE, OWNER, SCRATCH,
                RUN_LOCK)) {
            reserveOnce(field);
        }
        for (EntryPointSpec entryPoint : model.entryPoints()) {
            reserveOnce(symbol(entryPoint));
            reserveOnce(handle(entryPoint));
        }
        model.tensorEntryPoint().ifPresent(run -> run.params().forEach(p -> reserveOnce(tensor(p))));
        for (ClassName type : named) {
            reserve(type);
        }
        reserveOnce(bindingName);
        reserveOnce(PROVIDER);
        reserveOnce(COPIES);
        reserveOnce(LINKED);
        reserveOnce(model.simpleNames().getFirst());
        if (!model.packageName().isEmpty()) {
            reserveOnce(model.packageName().split("\\.", 2)[0]);
        }
    }

    private BindingNames(BindingNames outer, String qualifier) {
        fields = outer.fields;
        locals = outer.locals;
        reserved = outer.reserved;
        inheritedFields = outer.inheritedFields;
        viaCast = outer.viaCast;
        this.qualifier = qualifier;
    }

    /**
     * The names as the nested class {@code Linked} writes them: it implements the interface, so
     * a constant of the interface hides the binding's field of its name there, which is then
     * written {@code Binding.FIELD}.
     */
    BindingNames inLinked(String bindingName) {
        return new BindingNames(this, bindingName);
    }

    private String reach(String field) {
        return qualifier != null && inheritedFields.contains(field) ? qualifier + "." + field : field;
    }

    /**
     * How an expression names {@code type}'s static members here: {@code Type}, or in
     * {@code Linked}, where constants hide both spellings of it, {@code ((pkg.Type) null)}.
     */
    CodeBlock owner(ClassName type) {
        return qualifier != null && viaCast.contains(type) ? CodeBlock.of("(($T) null)", type)
                : CodeBlock.of("$T", type);
    }

    /** Whether {@code Linked} reaches a class through a cast, a static member through it. */
    boolean castsInLinked() {
        return !viaCast.isEmpty();
    }

    private void reserve(ClassName type) {
        reserveOnce(type.simpleName());
        reserveOnce(type.packageName().split("\\.", 2)[0]);
    }

    /** Keeps {@code name} from every local; a second time would allocate {@code name_}. */
    private void reserveOnce(String name) {
        if (reserved.add(name)) {
            locals.newName(name);
        }
    }

    String symbol(EntryPointSpec entryPoint) {
        return reach(fields.get(symbolTag(entryPoint)));
    }

    String handle(EntryPointSpec entryPoint) {
        return fields.get(handleTag(entryPoint));
    }

    /** The {@code TensorArgument} field of a tensor parameter. */
    String tensor(ParamSpec param) {
        return reach(fields.get(tensorTag(param)));
    }

    /** An allocator for one method's parameters and locals. */
    NameAllocator locals() {
        return locals.clone();
    }

    private static String symbolTag(EntryPointSpec entryPoint) {
        return "symbol " + entryPoint.function().text();
    }

    private static String handleTag(EntryPointSpec entryPoint) {
        return "handle " + entryPoint.function().text();
    }

    private static String tensorTag(ParamSpec param) {
        return "tensor " + param.javaName();
    }
}

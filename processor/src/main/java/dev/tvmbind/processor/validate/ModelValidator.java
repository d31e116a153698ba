package dev.tvmbind.processor.validate;

import dev.tvmbind.contract.CNames;
import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.CDeclarations;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.NamePart.Origin;
import dev.tvmbind.processor.model.NamePart;
import dev.tvmbind.processor.model.ParamSpec;
import dev.tvmbind.processor.model.Role;
import dev.tvmbind.processor.naming.NameFault;
import dev.tvmbind.processor.validate.Declarations.Declared;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The naming rules of README's "The naming rules javac enforces" within one model: each name part,
 * each member and parameter, then
 * (only when those are valid, so that one cause gets one diagnostic) the uniqueness of
 * everything the header declares.
 */
public final class ModelValidator {
    private ModelValidator() {}

    /** Checks the prefix given by {@code -Atvmbind.prefix}, once for the whole compilation. */
    public static List<Problem> validatePrefixOption(NamePart prefix) {
        return NameChecks.prefix(prefix, "every model without a prefix of its own");
    }

    public static List<Problem> validate(ModelSpec model) {
        List<Problem> problems = new ArrayList<>();
        String qualified = model.qualifiedName();
        if (model.prefix().origin() == Origin.WRITTEN) {
            problems.addAll(NameChecks.prefix(model.prefix(), qualified));
        }
        NameChecks.part(model.name(), "model name").ifPresent(problems::add);

        checkInitializerSize(model, problems);
        EntryPointSpec tensor = null;
        for (EntryPointSpec entryPoint : model.entryPoints()) {
            String what = "function name of " + entryPoint.signature();
            Optional<Problem> invalid = NameChecks.part(entryPoint.function(), what);
            invalid.ifPresent(problems::add);
            if (invalid.isEmpty()) {
                NameChecks.posixSuffix(entryPoint.function().text(), entryPoint.function(), what,
                        "function").ifPresent(problems::add);
            }
            if (entryPoint.isTensor()) {
                if (tensor != null) {
                    problems.add(Problem.of(Message.SECOND_TENSOR_ENTRY_POINT, entryPoint.site(),
                            entryPoint.signature(), qualified, tensor.signature()));
                }
                tensor = entryPoint;
                checkTensors(model, entryPoint, problems);
            } else {
                checkPlainParams(entryPoint, problems);
            }
        }
        if (problems.stream().noneMatch(Problem::isError)) {
            checkUnique(Declarations.of(model), problems);
        }
        return problems;
    }

    private static void checkTensors(ModelSpec model, EntryPointSpec entryPoint, List<Problem> problems) {
        for (Role role : Role.values()) {
            Map<String, ParamSpec> members = new HashMap<>();
            for (ParamSpec param : entryPoint.params(role)) {
                String what = role.displayName() + " name";
                if (!param.name().text().chars().allMatch(c -> c < 0x80)) {
                    problems.add(NameChecks.fault(NameFault.NON_ASCII,
                            param.name(), what, "TVM would replace each UTF-8 byte by '_';"
                                    + " write an ASCII name"));
                    continue;
                }
                Optional<Problem> invalid = NameChecks.local(param.cName(), param.name(), what)
                        .or(() -> macroProblem(model, param, what));
                if (invalid.isPresent()) {
                    problems.add(invalid.get());
                    continue;
                }
                ParamSpec first = members.putIfAbsent(param.cName(), param);
                if (first != null) {
                    problems.add(Problem.of(Message.NAME_CLASH, param.name().site(), what,
                            param.name().text(), param.cName(), CDeclarations.structTag(model.namespace(), role),
                            first.name().text()));
                } else {
                    NameChecks.posixSuffix(param.cName(), param.name(), what, "struct member")
                            .ifPresent(problems::add);
                }
            }
        }
    }

    /** The size macro of an input, output or pool also needs the name to be clean at both ends. */
    private static Optional<Problem> macroProblem(ModelSpec model, ParamSpec param, String what) {
        Role role = param.role();
        if ((role == Role.INPUT || role == Role.OUTPUT)
                && CNames.constant(param.cName()).equals("WORKSPACE")) {
            return Optional.of(Problem.of(Message.WORKSPACE_CLASH, param.name().site(), what,
                    param.name().text(), CDeclarations.sizeMacro(model.namespace(), param)));
        }
        boolean sized = param.size() > 0 && role != Role.DEVICE;
        String cName = param.cName();
        if (sized && (cName.startsWith("_") || cName.endsWith("_"))) {
            String macro = CDeclarations.sizeMacro(model.namespace(), param);
            return Optional.of(Problem.of(Message.DOUBLE_UNDERSCORE, param.name().site(), what,
                    param.name().text(), "its size macro " + macro + " would contain '__',"
                            + " reserved in C++ ([lex.name])", "remove the '_' at its ends"));
        }
        return Optional.empty();
    }

    private static void checkPlainParams(EntryPointSpec entryPoint, List<Problem> problems) {
        for (ParamSpec param : entryPoint.params()) {
            String what = "parameter name";
            Optional<Problem> invalid = NameChecks.local(param.cName(), param.name(), what);
            invalid.ifPresent(problems::add);
            if (invalid.isEmpty()) {
                NameChecks.posixSuffix(param.cName(), param.name(), what, "parameter")
                        .ifPresent(problems::add);
            }
        }
    }

    private static void checkUnique(List<Declared> declared, List<Problem> problems) {
        Map<String, Declared> seen = new HashMap<>();
        for (Declared d : declared) {
            Declared first = seen.putIfAbsent(d.identifier(), d);
            if (first == null) {
                continue;
            }
            if (d.kind().equals("function") && first.kind().equals("function")) {
                problems.add(Problem.of(Message.DUPLICATE_SYMBOL, d.site(), d.owner(),
                        d.identifier(), first.owner()));
            } else {
                problems.add(Problem.of(Message.DUPLICATE_IDENTIFIER, d.site(), d.owner(),
                        d.kind(), d.identifier(), first.owner()));
            }
        }
    }

    /**
     * Bytes of the binding's static initializer, over-estimated from what the generator writes
     * there: per entry point its symbol in {@code INFO} and its handle's descriptor (a layout
     * per parameter), per tensor its {@code TensorInfo}. The JVM refuses a method over 64 KiB
     * ("code too large"); this keeps a margin below it.
     */
    private static final int INITIALIZER_BUDGET = 60_000;

    private static void checkInitializerSize(ModelSpec model, List<Problem> problems) {
        int parameters = model.entryPoints().stream().mapToInt(e -> e.params().size()).sum();
        int tensors = model.tensorEntryPoint().map(e -> e.params().size()).orElse(0);
        long bytes = 32L * model.entryPoints().size() + 7L * parameters + 40L * tensors;
        if (bytes > INITIALIZER_BUDGET) {
            long perEntryPoint = bytes / model.entryPoints().size();
            problems.add(Problem.of(Message.TOO_MANY_ENTRY_POINTS, model.site(),
                    model.qualifiedName(), model.entryPoints().size(), parameters,
                    INITIALIZER_BUDGET / perEntryPoint));
        }
    }
}

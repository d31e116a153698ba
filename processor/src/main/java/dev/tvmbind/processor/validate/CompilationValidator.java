package dev.tvmbind.processor.validate;

import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.CDeclarations;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.validate.Declarations.Declared;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rules across the models of one compilation (README's "The naming rules javac enforces":
 * clashes, warnings): no two models share a
 * {@code <prefix>_<model>} or any other file-scope name, and external names stay distinct within
 * the significant characters a C linker must compare.
 */
public final class CompilationValidator {
    private CompilationValidator() {}

    /**
     * Returns the problems of each model, keyed by model, in the order given.
     *
     * @param models models that passed their own validation
     * @param significantChars how many leading characters of external names must differ; 0 to
     *     skip that check
     */
    public static Map<ModelSpec, List<Problem>> validate(List<ModelSpec> models, int significantChars) {
        // Identity: models are compared as the objects they are, not hashed field by field.
        Map<ModelSpec, List<Problem>> problems = new IdentityHashMap<>();
        models.forEach(m -> problems.put(m, new ArrayList<>()));
        Map<String, ModelSpec> byCModel = new HashMap<>();
        for (ModelSpec model : models) {
            ModelSpec first = byCModel.putIfAbsent(model.namespace(), model);
            if (first != null) {
                Object[] args = {first.qualifiedName(), model.qualifiedName(), model.namespace(),
                        CDeclarations.of(model).headerFile()};
                problems.get(first).add(Problem.of(Message.DUPLICATE_MODEL, first.site(), args));
                problems.get(model).add(Problem.of(Message.DUPLICATE_MODEL, model.site(), args));
            }
        }
        List<ModelSpec> distinct = models.stream()
                .filter(m -> byCModel.get(m.namespace()) == m)
                .toList();
        Map<ModelSpec, List<Declared>> declared = new IdentityHashMap<>();
        distinct.forEach(m -> declared.put(m, Declarations.of(m)));
        checkClashes(distinct, declared, problems);
        if (significantChars > 0) {
            checkSignificant(distinct, declared, significantChars, problems);
        }
        return problems;
    }

    private record Owned(ModelSpec model, Declared declared) {}

    private static void checkClashes(List<ModelSpec> models, Map<ModelSpec, List<Declared>> declared,
            Map<ModelSpec, List<Problem>> problems) {
        Map<String, Owned> seen = new HashMap<>();
        for (ModelSpec model : models) {
            for (Declared d : declared.get(model)) {
                Owned first = seen.putIfAbsent(d.identifier(), new Owned(model, d));
                if (first != null && first.model() != model) {
                    // A function reaches the linker; a macro, tag or guard only the preprocessor
                    // and compiler of a file that includes both headers.
                    Message message = d.external() && first.declared().external()
                            ? Message.CROSS_MODEL_SYMBOL : Message.CROSS_MODEL_IDENTIFIER;
                    problems.get(model).add(Problem.of(message, d.site(),
                            d.owner() + " of model " + model.qualifiedName(), d.identifier(),
                            first.model().qualifiedName(), first.declared().owner()));
                    problems.get(first.model()).add(Problem.of(message,
                            first.declared().site(), first.declared().owner() + " of model "
                                    + first.model().qualifiedName(), d.identifier(),
                            model.qualifiedName(), d.owner()));
                }
            }
        }
    }

    private static void checkSignificant(List<ModelSpec> models, Map<ModelSpec, List<Declared>> declared,
            int chars, Map<ModelSpec, List<Problem>> problems) {
        Map<String, Owned> seen = new HashMap<>();
        Map<String, Boolean> reportedPairs = new HashMap<>();
        for (ModelSpec model : models) {
            for (Declared d : declared.get(model)) {
                if (!d.external() || d.identifier().length() <= chars) {
                    continue;
                }
                String head = d.identifier().substring(0, chars);
                Owned first = seen.putIfAbsent(head, new Owned(model, d));
                if (first == null || first.declared().identifier().equals(d.identifier())) {
                    continue;
                }
                if (first.model() == model) {
                    problems.get(model).add(Problem.of(Message.SIGNIFICANT_CHARACTERS, d.site(),
                            d.identifier(), first.declared().identifier(), chars));
                } else if (reportedPairs.putIfAbsent(first.model().qualifiedName() + " "
                        + model.qualifiedName(), true) == null) {
                    problems.get(model).add(Problem.of(Message.SIGNIFICANT_CHARACTERS, model.site(),
                            d.identifier(), first.declared().identifier(), chars));
                    problems.get(first.model()).add(Problem.of(Message.SIGNIFICANT_CHARACTERS,
                            first.model().site(), first.declared().identifier(), d.identifier(),
                            chars));
                }
            }
        }
    }
}

package dev.tvmbind.runtime.internal;

import dev.tvmbind.contract.CheckRecord;
import dev.tvmbind.runtime.ModelInfo;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.lang.foreign.SymbolLookup;
import java.util.List;

/**
 * A library held against what javac checked its model against: the record the processor left
 * beside the model's classes names the C functions TVM generated for the model's operators. Two
 * models both called {@code tvmgen_default} export the same run function, so only these tell one
 * model's library from another's: a library without them is refused before any call, instead of
 * running with the wrong sizes.
 */
public final class CheckedLibrary {
    private CheckedLibrary() {}

    /**
     * Refuses a library that lacks the operators TVM generated for the model, when javac checked
     * it against TVM's output; accepts any library otherwise.
     *
     * @param info the model
     * @param lookup the library's symbols
     * @param library the library as a message names it: {@code the library /path/libx.so}
     * @throws UnsatisfiedLinkError naming the library, the model, the TVM output and what the
     *     library lacks
     * @throws IllegalArgumentException when another version of tvmbind wrote the record, or an
     *     earlier compile of the interface
     */
    public static void verify(ModelInfo info, SymbolLookup lookup, String library) {
        CheckRecord.of(info.modelInterface()).ifPresent(checked -> {
            if (!checked.model().equals(PublicTypes.contract(info))) {
                // A record left by an earlier compile: its operators are another model's.
                throw new IllegalArgumentException("the record of what javac checked "
                        + info.modelInterface().getName() + " against describes the model as it"
                        + " was declared then (" + checked.model() + "), not as its binding"
                        + " states it now (" + PublicTypes.contract(info) + "); recompile the"
                        + " interface (mvn clean compile)");
            }
            List<String> operators = checked.operators();
            List<String> missing = operators.stream().filter(s -> lookup.find(s).isEmpty())
                    .toList();
            if (!missing.isEmpty()) {
                throw PublicTypes.wrongModel(library + " is not the model " + info.cName()
                        + " that javac checked " + info.modelInterface().getName() + " against ("
                        + checked.tvmOutput() + "): it lacks " + missing.size() + " of the "
                        + operators.size() + " operator functions TVM generated for it, such as "
                        + missing.getFirst() + "; load the library built from that output, or"
                        + " recompile the interface against the output the library was built from");
            }
        });
    }
}

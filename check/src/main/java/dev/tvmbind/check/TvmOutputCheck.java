package dev.tvmbind.check;

import dev.tvmbind.TensorRole;
import dev.tvmbind.check.Finding.Place;
import dev.tvmbind.check.tvm.TvmModelOutput;
import dev.tvmbind.check.tvm.TvmOutputReader;
import dev.tvmbind.check.tvm.TvmTensor;
import dev.tvmbind.contract.CNames;
import dev.tvmbind.contract.ModelContract;
import dev.tvmbind.contract.TensorContract;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Compares a model as its interface describes it with what TVM compiled for it (README's "From
 * TVM's output to a Java call"): whether the output holds the model, the structs' members in
 * order, their names, dtypes, sizes and shapes, the workspace size, whether the run may be
 * declared reentrant (not where the generated C keeps a writable static workspace), and then the
 * header text. Every difference is a finding on the part that disagrees, saying what TVM has. The
 * one comparison: javac, the Maven goal and the command line all call it.
 */
public final class TvmOutputCheck {
    private TvmOutputCheck() {}

    /**
     * @param output what the TVM output holds now
     * @param ourHeader the header tvmbind writes for the model's tensor part in the style of the
     *     model's TVM release, compared only when everything else agrees (one cause, one
     *     finding); empty where it is not known
     */
    public static List<Finding> check(ModelContract model, TvmOutputReader.Result output,
            Function<TvmModelOutput, Optional<String>> ourHeader) {
        TvmModelOutput tvm = output.models().get(model.namespace());
        if (tvm != null) {
            return compare(model, tvm, ourHeader.apply(tvm));
        }
        String headerless = output.headerless().get(model.namespace());
        if (headerless != null) {
            return List.of(Finding.of(CheckMessage.TVM_OUTPUT_NO_HEADER, Place.MODEL,
                    model.interfaceName(), model.namespace(), headerless));
        }
        if (model.checked() && output.problems().stream().noneMatch(Finding::isError)) {
            String held = output.models().isEmpty() ? "none"
                    : NameList.of(output.models().keySet());
            return List.of(Finding.of(CheckMessage.TVM_OUTPUT_MISSING_MODEL, Place.MODEL,
                    model.interfaceName(), model.namespace(), held));
        }
        return List.of();
    }

    /** The model against the output's model of its namespace. */
    public static List<Finding> compare(ModelContract model, TvmModelOutput tvm,
            Optional<String> ourHeader) {
        List<Finding> findings = new ArrayList<>();
        if (model.run().isEmpty()) {
            String declarations = NameList.of(Arrays.stream(TensorRole.values()).flatMap(r -> tvm
                    .tensors(r).stream().map(t -> declaration(r, t))).toList());
            findings.add(Finding.of(CheckMessage.TVM_OUTPUT_NO_RUN, Place.MODEL,
                    model.interfaceName(), tvm.header(), tvm.namespace(), declarations));
            return findings;
        }
        for (TensorRole role : TensorRole.values()) {
            new StructComparison(model, role, tvm, findings).compare();
        }
        if (tvm.workspaceSize().isPresent() && tvm.workspaceSize().getAsLong() != model.workspaceSize()) {
            long size = tvm.workspaceSize().getAsLong();
            findings.add(Finding.of(CheckMessage.TVM_OUTPUT_WORKSPACE, Place.MODEL,
                    model.interfaceName(), model.workspaceSize(), tvm.header(), size, size));
        }
        if (model.reentrant()) {
            tvm.code().staticWorkspace().ifPresent(array -> findings.add(Finding.of(
                    CheckMessage.TVM_OUTPUT_REENTRANT, Place.REENTRANT, model.interfaceName(),
                    array.file(), array.name())));
        }
        if (ourHeader.isPresent() && findings.stream().noneMatch(Finding::isError)) {
            HeaderDifference.first(tvm.headerText(), ourHeader.get()).ifPresent(d -> findings.add(
                    Finding.of(CheckMessage.TVM_OUTPUT_HEADER, Place.MODEL, model.interfaceName(),
                            tvm.header(), d.line(), d.tvm(), d.ours())));
        }
        return findings;
    }

    /** One role's parameters against the members of TVM's struct of that role. */
    private record StructComparison(ModelContract model, TensorRole role, TvmModelOutput tvm,
            List<Finding> findings) {
        void compare() {
            List<TensorContract> ours = model.tensors(role);
            List<TvmTensor> theirs = tvm.tensors(role);
            String struct = CNames.struct(tvm.namespace(), role);
            List<String> theirMembers = theirs.stream().map(TvmTensor::member).toList();
            Set<String> ourMembers = ours.stream().map(TensorContract::member)
                    .collect(Collectors.toSet());
            // A misspelt name: ours at a place where TVM's tensor is missing is one error, not two.
            Set<Integer> misspelt = new HashSet<>();
            for (int i = 0; i < Math.min(ours.size(), theirs.size()); i++) {
                TensorContract param = ours.get(i);
                TvmTensor tensor = theirs.get(i);
                if (!theirMembers.contains(param.member()) && !ourMembers.contains(tensor.member())) {
                    misspelt.add(i);
                    findings.add(Finding.onTensor(CheckMessage.TVM_OUTPUT_NAME, role, i,
                            param.described(), struct, i + 1, tensor.name(),
                            declaration(role, tensor)));
                }
            }
            List<Integer> missing = new ArrayList<>();
            for (int i = 0; i < theirs.size(); i++) {
                if (!ourMembers.contains(theirs.get(i).member()) && !misspelt.contains(i)) {
                    missing.add(i);
                }
            }
            if (missing.size() == 1) {
                int i = missing.get(0);
                findings.add(Finding.of(CheckMessage.TVM_OUTPUT_MISSING_TENSOR, Place.RUN,
                        model.run().get().signature(), role.toString(), theirs.get(i).name(), i + 1,
                        struct, NameList.of(theirMembers), declaration(role, theirs.get(i))));
            } else if (missing.size() > 1) {
                // A header of thousands of members is one error, not thousands (javac stops at
                // 100).
                findings.add(Finding.of(CheckMessage.TVM_OUTPUT_MISSING_TENSORS, Place.RUN,
                        model.run().get().signature(), missing.size(), role.toString(), struct,
                        NameList.of(theirMembers), NameList.quoted(missing.stream()
                                .map(i -> "(member " + (i + 1) + ") "
                                        + declaration(role, theirs.get(i))).toList())));
            }
            List<String> theirCommon = theirMembers.stream().filter(ourMembers::contains).toList();
            int common = 0;
            for (int i = 0; i < ours.size(); i++) {
                TensorContract param = ours.get(i);
                if (misspelt.contains(i)) {
                    continue;
                }
                if (!theirMembers.contains(param.member())) {
                    findings.add(Finding.onTensor(CheckMessage.TVM_OUTPUT_EXTRA_TENSOR, role, i,
                            param.described(), struct,
                            theirMembers.isEmpty() ? "none" : NameList.of(theirMembers)));
                    continue;
                }
                if (!theirCommon.get(common++).equals(param.member())) {
                    findings.add(Finding.onTensor(CheckMessage.TVM_OUTPUT_ORDER, role, i,
                            param.described(), i + 1, struct,
                            theirMembers.indexOf(param.member()) + 1, NameList.of(theirMembers)));
                    continue;
                }
                compareTensor(i, param, theirs.get(theirMembers.indexOf(param.member())));
            }
        }

        private void compareTensor(int index, TensorContract param, TvmTensor tensor) {
            // Another spelling of TVM's name (its member, or ':' for TVM's '_') links the same
            // struct, but INFO and executors would carry a name TVM does not have.
            if (!param.name().equals(tensor.name())) {
                findings.add(Finding.onTensor(CheckMessage.TVM_OUTPUT_MEMBER_NAME, role, index,
                        param.described(), tensor.name(), tensor.member(),
                        tensor.name().replace("\\", "\\\\").replace("\"", "\\\"")));
            }
            // A dtype that differs is the cause of any size that differs with it: said first.
            if (tensor.dtype().isPresent() && param.dtype().isPresent()
                    && !param.dtype().get().tvmName().equals(tensor.dtype().get())) {
                findings.add(Finding.onTensor(CheckMessage.TVM_OUTPUT_DTYPE, role, index,
                        param.described(), param.dtype().get().tvmName() + " ("
                                + param.javaType() + ")",
                        tensor.dtype().get(), declaration(role, tensor)));
                return;
            }
            if (tensor.size() > 0 && tensor.size() != param.size()) {
                String ours = param.size() == 0 ? "declares no size" : "is " + param.size() + " bytes";
                String fix = param.size() == 0 ? "write size = " + tensor.size() + " (or its shape)"
                        : "correct its size or shape";
                findings.add(Finding.onTensor(CheckMessage.TVM_OUTPUT_SIZE, role, index,
                        param.described(), ours, tvm.header(), tensor.size(), fix));
                return;
            }
            // The same bytes in another layout ({1, 10, 49, 1} for {1, 49, 10, 1}) corrupt
            // nothing in C but every caller's reading of the tensor.
            if (tensor.shape().isPresent() && !param.shape().isEmpty()
                    && !tensor.shape().get().equals(param.shape())) {
                findings.add(Finding.onTensor(CheckMessage.TVM_OUTPUT_SHAPE, role, index,
                        param.described(), param.shape(), tvm.shapesFrom(), tensor.shape().get(),
                        tensor.shape().get().toString().replace('[', '{').replace(']', '}')));
            }
        }
    }

    /** The parameter to paste for a tensor TVM has: what {@code describe} would write. */
    private static String declaration(TensorRole role, TvmTensor tensor) {
        return TensorDeclaration.of(role, tensor).declaration();
    }
}

package dev.tvmbind.processor.validate;

import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.describe.TensorParameter;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.CDeclarations;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.ParamSpec;
import dev.tvmbind.processor.model.Role;
import dev.tvmbind.processor.model.TvmModelOutput;
import dev.tvmbind.processor.model.TvmTensor;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Compares a model with what TVM compiled for it (README's "From TVM's output to a Java call"): the
 * structs' members in order, their
 * sizes and dtypes, the workspace size, whether the run may be declared reentrant (not where the
 * generated C keeps a writable static workspace), and then the header text. Every difference is a
 * problem on
 * the element that disagrees, saying what TVM has.
 */
public final class TvmOutputValidator {
    private TvmOutputValidator() {}

    /**
     * @param header the header tvmbind writes for the model's tensor part, in the style of TVM's
     *     release; compared only when everything else agrees (one cause, one diagnostic)
     */
    public static List<Problem> validate(ModelSpec model, TvmModelOutput tvm, String header) {
        List<Problem> problems = new ArrayList<>();
        Optional<EntryPointSpec> run = model.tensorEntryPoint();
        if (run.isEmpty()) {
            String declarations = Role.RUN_ARGUMENT_ORDER.stream().flatMap(r -> tvm.tensors(r).stream()
                    .map(t -> declaration(r, t))).collect(Collectors.joining(", "));
            problems.add(Problem.of(Message.TVM_OUTPUT_NO_RUN, model.site(), model.qualifiedName(),
                    tvm.header(), tvm.namespace(), declarations));
            return problems;
        }
        for (Role role : Role.RUN_ARGUMENT_ORDER) {
            compare(model, run.get(), role, tvm, problems);
        }
        if (tvm.workspaceSize().isPresent() && tvm.workspaceSize().getAsLong() != model.workspaceSize()) {
            long size = tvm.workspaceSize().getAsLong();
            problems.add(Problem.of(Message.TVM_OUTPUT_WORKSPACE, model.site(), model.qualifiedName(),
                    model.workspaceSize(), tvm.header(), size, size));
        }
        if (model.reentrant()) {
            tvm.code().staticWorkspace().ifPresent(array -> problems.add(Problem.of(
                    Message.TVM_OUTPUT_REENTRANT, model.reentrantSite(), model.qualifiedName(),
                    array.file(), array.name())));
        }
        if (problems.stream().noneMatch(Problem::isError)) {
            firstDifference(tvm.headerText(), header).ifPresent(d -> problems.add(Problem.of(
                    Message.TVM_OUTPUT_HEADER, model.site(), model.qualifiedName(), tvm.header(),
                    d.line(), d.tvm(), d.ours())));
        }
        return problems;
    }

    private static void compare(ModelSpec model, EntryPointSpec run, Role role, TvmModelOutput tvm,
            List<Problem> problems) {
        List<ParamSpec> ours = run.params(role);
        List<TvmTensor> theirs = tvm.tensors(role);
        String struct = CDeclarations.structTag(model.namespace(), role);
        List<String> theirMembers = theirs.stream().map(TvmTensor::member).toList();
        Set<String> ourMembers = ours.stream().map(ParamSpec::cName).collect(Collectors.toSet());
        // A misspelt name: ours at a place where TVM's tensor is missing is one error, not two.
        Set<Integer> misspelt = new HashSet<>();
        for (int i = 0; i < Math.min(ours.size(), theirs.size()); i++) {
            ParamSpec param = ours.get(i);
            TvmTensor tensor = theirs.get(i);
            if (!theirMembers.contains(param.cName()) && !ourMembers.contains(tensor.member())) {
                misspelt.add(i);
                problems.add(Problem.of(Message.TVM_OUTPUT_NAME, param.site(), describe(param),
                        struct, i + 1, tensor.name(), declaration(role, tensor)));
            }
        }
        for (int i = 0; i < theirs.size(); i++) {
            TvmTensor tensor = theirs.get(i);
            if (!ourMembers.contains(tensor.member()) && !misspelt.contains(i)) {
                problems.add(Problem.of(Message.TVM_OUTPUT_MISSING_TENSOR, run.site(),
                        run.signature(), role.displayName(), tensor.name(), i + 1, struct,
                        listed(theirMembers), declaration(role, tensor)));
            }
        }
        List<ParamSpec> common = ours.stream().filter(p -> theirMembers.contains(p.cName())).toList();
        List<String> theirCommon = theirMembers.stream()
                .filter(ourMembers::contains).toList();
        for (ParamSpec param : ours) {
            if (misspelt.contains(ours.indexOf(param))) {
                continue;
            }
            if (!theirMembers.contains(param.cName())) {
                problems.add(Problem.of(Message.TVM_OUTPUT_EXTRA_TENSOR, param.site(), describe(param),
                        struct, theirMembers.isEmpty() ? "none" : listed(theirMembers)));
                continue;
            }
            int here = common.indexOf(param);
            if (!theirCommon.get(here).equals(param.cName())) {
                problems.add(Problem.of(Message.TVM_OUTPUT_ORDER, param.site(), describe(param),
                        ours.indexOf(param) + 1, struct, theirMembers.indexOf(param.cName()) + 1,
                        listed(theirMembers)));
                continue;
            }
            TvmTensor tensor = theirs.get(theirMembers.indexOf(param.cName()));
            compareTensor(param, tensor, tvm, problems);
        }
    }

    private static void compareTensor(ParamSpec param, TvmTensor tensor, TvmModelOutput tvm,
            List<Problem> problems) {
        String written = param.name().text();
        if (!written.equals(tensor.name()) && written.equals(tensor.member())) {
            problems.add(Problem.of(Message.TVM_OUTPUT_MEMBER_NAME, param.site(), describe(param),
                    tensor.name(), tensor.name().replace("\\", "\\\\").replace("\"", "\\\"")));
        }
        // A dtype that differs is the cause of any size that differs with it: said first.
        if (tensor.dtype().isPresent() && param.dtype().isPresent()
                && !param.dtype().get().tvmName().equals(tensor.dtype().get())) {
            problems.add(Problem.of(Message.TVM_OUTPUT_DTYPE, param.site(), describe(param),
                    param.dtype().get().tvmName() + " (" + param.type().javaName() + ")",
                    tensor.dtype().get(), declaration(param.role(), tensor)));
            return;
        }
        if (tensor.size() > 0 && tensor.size() != param.size()) {
            String ours = param.size() == 0 ? "declares no size" : "is " + param.size() + " bytes";
            String fix = param.size() == 0 ? "write size = " + tensor.size() + " (or its shape)"
                    : "correct its size or shape";
            problems.add(Problem.of(Message.TVM_OUTPUT_SIZE, param.site(), describe(param), ours,
                    tvm.header(), tensor.size(), fix));
            return;
        }
        // The same bytes in another layout ({1, 10, 49, 1} for {1, 49, 10, 1}) corrupt nothing
        // in C but every caller's reading of the tensor.
        if (tensor.shape().isPresent() && !param.shape().isEmpty()
                && !tensor.shape().get().equals(param.shape())) {
            problems.add(Problem.of(Message.TVM_OUTPUT_SHAPE, param.site(), describe(param),
                    param.shape(), tvm.shapesFrom(), tensor.shape().get(),
                    tensor.shape().get().toString().replace('[', '{').replace(']', '}')));
        }
    }

    /** TVM's members for a message: all of a model's few, the first of a hostile header's many. */
    private static String listed(List<String> members) {
        int shown = 20;
        return members.size() <= shown ? String.join(", ", members)
                : String.join(", ", members.subList(0, shown)) + ", … (" + members.size()
                        + " members)";
    }

    private static String describe(ParamSpec param) {
        return param.role().displayName() + " '" + param.name().text() + "' (" + param.javaName() + ")";
    }

    /** The parameter to paste for a tensor TVM has: what {@code describe} would write. */
    private static String declaration(Role role, TvmTensor tensor) {
        return TensorParameter.of(role, tensor).declaration();
    }

    private record Difference(int line, String tvm, String ours) {}

    /** The first line that differs, trailing blanks aside (repositories often strip them). */
    private static Optional<Difference> firstDifference(String tvm, String ours) {
        String[] theirs = tvm.split("\n", -1);
        String[] mine = ours.split("\n", -1);
        for (int i = 0; i < Math.max(theirs.length, mine.length); i++) {
            String a = i < theirs.length ? theirs[i].stripTrailing() : "(end of file)";
            String b = i < mine.length ? mine[i].stripTrailing() : "(end of file)";
            if (!a.equals(b)) {
                return Optional.of(new Difference(i + 1, a, b));
            }
        }
        return Optional.empty();
    }
}

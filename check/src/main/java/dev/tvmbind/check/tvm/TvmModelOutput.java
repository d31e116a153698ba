package dev.tvmbind.check.tvm;

import dev.tvmbind.TensorRole;
import dev.tvmbind.contract.CheckRecord;
import dev.tvmbind.contract.ModelContract;
import java.util.List;
import java.util.OptionalLong;

/**
 * One model as TVM compiled it: what its C interface header and {@code metadata.json} say, read
 * from a Model Library Format tree or tar, or from a header alone.
 *
 * @param namespace {@code <prefix>_<model>}, from the header's run function
 * @param module the model name as the header's comments write it (TVM's {@code mod_name})
 * @param header where the header was read, for messages: a path, or {@code tar!entry}
 * @param headerText the header, as TVM wrote it
 * @param inputs the members of {@code <namespace>_inputs}, in struct order
 * @param outputs the members of {@code <namespace>_outputs}
 * @param workspacePools the members of {@code <namespace>_workspace_pools}
 * @param devices the members of {@code <namespace>_devices}
 * @param workspaceSize the header's {@code _WORKSPACE_SIZE} macro, else {@code metadata.json}'s
 *     workspace size; empty when neither has one
 * @param style how this TVM release writes headers, so that tvmbind's can be compared with it
 * @param code what its generated C says about reentrancy
 * @param output the {@code -Atvmbind.tvmOutput} entry that holds the model, absolute
 * @param outputAsWritten that entry as the option wrote it
 * @param operators the C functions TVM generated for its operators, sorted; empty where only
 *     a header was given
 * @param shapesFrom the Relay text the tensors' shapes come from, or empty when none were read
 * @param origin what {@code metadata.json} says of the output's origin (format version, export
 *     time), or empty for a header given alone
 */
public record TvmModelOutput(
        String namespace,
        String module,
        String header,
        String headerText,
        List<TvmTensor> inputs,
        List<TvmTensor> outputs,
        List<TvmTensor> workspacePools,
        List<TvmTensor> devices,
        OptionalLong workspaceSize,
        HeaderStyle style,
        TvmCode code,
        String output,
        String outputAsWritten,
        List<String> operators,
        String shapesFrom,
        String origin) {

    public TvmModelOutput {
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
        workspacePools = List.copyOf(workspacePools);
        devices = List.copyOf(devices);
        operators = List.copyOf(operators);
    }

    /** The members of one role's struct, in order. */
    public List<TvmTensor> tensors(TensorRole role) {
        return switch (role) {
            case INPUT -> inputs;
            case OUTPUT -> outputs;
            case WORKSPACE_POOL -> workspacePools;
            case DEVICE -> devices;
        };
    }

    /**
     * What javac records beside {@code model}'s classes once it checked the model against this
     * output.
     *
     * @param ourHeader the header tvmbind writes for the model in this output's style
     */
    public CheckRecord record(ModelContract model, String ourHeader) {
        return new CheckRecord(model, output, outputAsWritten, header, operators,
                style.toString(), ourHeader);
    }

    /** The same with shapes: the tensors given, read from {@code file}. */
    public TvmModelOutput withShapes(List<TvmTensor> shapedInputs, List<TvmTensor> shapedOutputs,
            String file) {
        return new TvmModelOutput(namespace, module, header, headerText, shapedInputs,
                shapedOutputs, workspacePools, devices, workspaceSize, style, code, output,
                outputAsWritten, operators, file, origin);
    }
}

package dev.tvmbind.check.tvm;

import dev.tvmbind.check.CheckMessage;
import dev.tvmbind.check.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Completes a model TVM's output holds with the shapes of its inputs and outputs, from main's
 * signature in the Relay text of its MLF. The text is optional: where it is absent the shapes
 * are unknown; where it cannot be read, or a dimension is dynamic, a keyed warning says that
 * shapes are not compared, never an error.
 */
final class RelayShapes {
    private RelayShapes() {}

    static TvmModelOutput add(TvmModelOutput model, String base, String module, MlfFiles.Tree tree,
            List<Finding> warnings) {
        String name = MlfFiles.RELAY_FOLDER + module + ".relay";
        String file = base + name;
        Optional<String> text;
        RelaySignature signature;
        try {
            text = tree.text(name);
            if (text.isEmpty()) {
                name = MlfFiles.RELAY_FOLDER + "relay.txt";
                file = base + name;
                text = tree.text(name);
            }
            if (text.isEmpty()) {
                return model;
            }
            signature = RelaySignature.parse(text.get());
        } catch (UnreadableOutputException e) {
            warnings.add(Finding.of(CheckMessage.TVM_OUTPUT_RELAY, Finding.Place.OUTPUT, file, e.getMessage()));
            return model;
        }
        List<TvmTensor> inputs = new ArrayList<>();
        for (TvmTensor input : model.inputs()) {
            RelaySignature.RelayTensor type = signature.params()
                    .get(RelaySignature.printedName(input.name()));
            inputs.add(type == null ? input : shaped(input, type, file, warnings));
        }
        List<TvmTensor> outputs = new ArrayList<>(model.outputs());
        List<RelaySignature.RelayTensor> results = signature.results().orElse(List.of());
        if (results.size() == outputs.size()) {
            for (int i = 0; i < outputs.size(); i++) {
                outputs.set(i, shaped(outputs.get(i), results.get(i), file, warnings));
            }
        }
        return model.withShapes(inputs, outputs, file);
    }

    private static TvmTensor shaped(TvmTensor tensor, RelaySignature.RelayTensor type, String file,
            List<Finding> warnings) {
        if (type.shape().isEmpty()) {
            warnings.add(Finding.of(CheckMessage.TVM_OUTPUT_RELAY, Finding.Place.OUTPUT, file, "the shape of '"
                    + tensor.name() + "' has a dynamic dimension (?), and tvmbind's are static"));
        }
        return new TvmTensor(tensor.member(), tensor.name(), tensor.dtype(), tensor.size(),
                type.shape());
    }
}

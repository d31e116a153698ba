package dev.tvmbind.processor.read;

import dev.tvmbind.contract.FfiType;
import dev.tvmbind.processor.model.FfiSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;

/**
 * Reads the record a {@code @TvmRelax} method returns for a tuple: its components as written
 * (a tensor, a list of tensors, any value, a nested record), which {@code RelaxRules} decides on.
 */
final class TupleRecords {
    private TupleRecords() {}

    /** A record type a Relax tuple fills, as written; empty for another type. */
    static Optional<FfiSpec.Tuple> of(TypeMirror mirror) {
        if (!(mirror instanceof DeclaredType declared)
                || !(declared.asElement() instanceof TypeElement record)
                || record.getKind() != ElementKind.RECORD) {
            return Optional.empty();
        }
        List<FfiSpec.Tuple.Component> components = new ArrayList<>();
        for (var component : record.getRecordComponents()) {
            TypeMirror type = component.asType();
            FfiType mapped = FfiReader.type(type, true, false);
            Optional<FfiSpec.Tuple> nested = mapped == null ? of(type) : Optional.empty();
            FfiSpec.Tuple.Kind kind = nested.isPresent() ? FfiSpec.Tuple.Kind.TUPLE
                    : mapped == FfiType.Plain.TENSOR ? FfiSpec.Tuple.Kind.TENSOR
                    : FfiType.listOf(FfiType.Plain.TENSOR).equals(mapped)
                            ? FfiSpec.Tuple.Kind.TENSORS
                    : mapped == FfiType.Plain.ANY ? FfiSpec.Tuple.Kind.ANY
                    : FfiSpec.Tuple.Kind.UNSUPPORTED;
            components.add(new FfiSpec.Tuple.Component(component.getSimpleName().toString(),
                    kind, type.toString(), nested));
        }
        return Optional.of(new FfiSpec.Tuple(record.getQualifiedName().toString(),
                components));
    }
}

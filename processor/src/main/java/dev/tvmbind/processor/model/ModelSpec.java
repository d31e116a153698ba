package dev.tvmbind.processor.model;

import dev.tvmbind.contract.CNames;
import dev.tvmbind.contract.EntryPointContract;
import dev.tvmbind.contract.ModelContract;
import dev.tvmbind.contract.TensorContract;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One {@code @TvmModel} interface, read into plain values: what validation checks and what the
 * generators write from.
 *
 * @param packageName the interface's package, empty for the unnamed package
 * @param simpleNames the simple names from the outermost class to the interface
 * @param prefix the prefix of every C name
 * @param name the model name
 * @param workspaceSize the workspace size in bytes
 * @param checked whether TVM's output must hold the model ({@code @TvmModel(checked = true)})
 * @param reentrant whether its run may execute concurrently ({@code @TvmModel(reentrant = true)}),
 *     so that its calls are not serialized
 * @param reentrantSite where {@code reentrant} is written, else the interface
 * @param entryPoints the entry points, in declaration order (inherited ones first)
 * @param warningsSuppressed whether {@code @SuppressWarnings("tvmbind")} is on the interface
 * @param site the interface, with its {@code @TvmModel} annotation
 * @param members the member types and constants the interface declares or inherits: in a class
 *     implementing it, they hide classes of the same name
 * @param packageTypeNames the simple names of the types of the interface's package: they hide
 *     {@code java.lang}'s types of the same name
 * @param generatedAnnotation whether the interface's module reads {@code java.compiler}, whose
 *     {@code @Generated} marks the binding
 */
public record ModelSpec(
        String packageName,
        List<String> simpleNames,
        NamePart prefix,
        NamePart name,
        long workspaceSize,
        boolean checked,
        boolean reentrant,
        Site reentrantSite,
        List<EntryPointSpec> entryPoints,
        boolean warningsSuppressed,
        Site site,
        List<ScopeMember> members,
        Set<String> packageTypeNames,
        boolean generatedAnnotation) {

    public ModelSpec {
        simpleNames = List.copyOf(simpleNames);
        entryPoints = List.copyOf(entryPoints);
        members = List.copyOf(members);
        packageTypeNames = Set.copyOf(packageTypeNames);
    }

    /** {@code <prefix>_<model>}: the namespace of every C name of the model. */
    public String namespace() {
        return CNames.model(prefix.text(), name.text());
    }

    /** The interface's binary name: nested names joined with {@code $}. */
    public String binaryName() {
        String nested = String.join("$", simpleNames);
        return packageName.isEmpty() ? nested : packageName + "." + nested;
    }

    public String qualifiedName() {
        String nested = String.join(".", simpleNames);
        return packageName.isEmpty() ? nested : packageName + "." + nested;
    }

    /** The same model without its plain entry points: what TVM's own header describes. */
    public ModelSpec tensorPart() {
        return new ModelSpec(packageName, simpleNames, prefix, name, workspaceSize, checked,
                reentrant, reentrantSite, tensorEntryPoint().stream().toList(), warningsSuppressed, site, members,
                packageTypeNames, generatedAnnotation);
    }

    /**
     * Whether calls of the tensor entry point wait for each other: TVM's run is not reentrant
     * unless the interface says so.
     */
    public boolean serializesRun() {
        return tensorEntryPoint().isPresent() && !reentrant;
    }

    /**
     * The model's contract: what the TVM-output check compares and the record holds. The
     * processor makes it once a model is valid.
     */
    public ModelContract contract() {
        Optional<EntryPointSpec> run = tensorEntryPoint();
        List<TensorContract> tensors = run.stream().flatMap(r -> r.params().stream())
                .filter(p -> p.role().isTensor())
                .map(p -> new TensorContract(p.role().tensorRole(), p.name().text(), p.cName(),
                        p.javaName(), p.type().javaName(), p.dtype(), p.size(), p.shape()))
                .toList();
        List<EntryPointContract> entryPoints = this.entryPoints.stream()
                .map(e -> new EntryPointContract(e.function().text(), e.signature(), e.isTensor()))
                .toList();
        return new ModelContract(qualifiedName(), prefix.text(), name.text(), checked,
                workspaceSize, reentrant, entryPoints, tensors);
    }

    /** The model's one tensor entry point, if it has one. */
    public Optional<EntryPointSpec> tensorEntryPoint() {
        return entryPoints.stream().filter(EntryPointSpec::isTensor).findFirst();
    }
}

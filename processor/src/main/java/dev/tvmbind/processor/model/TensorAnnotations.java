package dev.tvmbind.processor.model;

import dev.tvmbind.Device;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.WorkspacePool;
import java.lang.annotation.Annotation;
import java.util.List;

/** The DSL's tensor annotations, listed once, in the order of {@link Role#RUN_ARGUMENT_ORDER}. */
public final class TensorAnnotations {
    private TensorAnnotations() {}

    /** One annotation and the role it gives its parameter. */
    public record Tensor(Class<? extends Annotation> annotation, Role role) {}

    /**
     * In TVM's argument order (TVM v0.18's src/target/source/interface_c.cc, README's "What is
     * generated"), which is also the order messages name them in.
     */
    public static final List<Tensor> ALL = List.of(
            new Tensor(Input.class, Role.INPUT),
            new Tensor(Output.class, Role.OUTPUT),
            new Tensor(WorkspacePool.class, Role.WORKSPACE_POOL),
            new Tensor(Device.class, Role.DEVICE));

    /** The annotation classes alone. */
    public static List<Class<? extends Annotation>> classes() {
        return ALL.stream().<Class<? extends Annotation>>map(Tensor::annotation).toList();
    }
}

package dev.tvmbind.processor;

import dev.tvmbind.Device;
import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;
import dev.tvmbind.WorkspacePool;
import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.model.Site;
import java.lang.annotation.Annotation;
import java.util.List;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.Element;

/**
 * Reports the DSL's annotations where they have no effect: an {@code @EntryPoint} outside a
 * {@code @TvmModel} interface, a tensor annotation outside an {@code @EntryPoint} method. Left
 * alone, they would silently generate nothing.
 */
final class OrphanAnnotations {
    private OrphanAnnotations() {}

    private static final List<Class<? extends Annotation>> TENSOR_ANNOTATIONS =
            List.of(Input.class, Output.class, WorkspacePool.class, Device.class);

    static void check(RoundEnvironment round, dev.tvmbind.processor.diag.Reporter reporter) {
        for (Element method : round.getElementsAnnotatedWith(EntryPoint.class)) {
            Element type = method.getEnclosingElement();
            if (type.getAnnotation(TvmModel.class) == null) {
                reporter.error(Message.ENTRY_POINT_OUTSIDE_MODEL, Site.of(method),
                        type.getSimpleName() + "." + method.getSimpleName() + "()",
                        type.getSimpleName());
            }
        }
        for (Class<? extends Annotation> annotation : TENSOR_ANNOTATIONS) {
            for (Element parameter : round.getElementsAnnotatedWith(annotation)) {
                Element method = parameter.getEnclosingElement();
                boolean inModel = method.getAnnotation(EntryPoint.class) != null
                        && method.getEnclosingElement().getAnnotation(TvmModel.class) != null;
                if (!inModel) {
                    reporter.error(Message.TENSOR_OUTSIDE_ENTRY_POINT, Site.of(parameter),
                            annotation.getSimpleName(), parameter.getSimpleName());
                }
            }
        }
    }
}

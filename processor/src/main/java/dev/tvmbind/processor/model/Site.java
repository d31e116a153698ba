package dev.tvmbind.processor.model;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * Where something of the model was written, so a diagnostic can point at it: an element, and
 * when known the annotation and the annotation value on it. The reporter looks inside to print
 * a diagnostic, the processor to hand the interface to the Filer as the originating element;
 * readers make sites, validators and generators only pass them on.
 *
 * @param element the element, or null for something written on the command line
 * @param annotation the annotation on the element, or null
 * @param value the annotation value, or null
 */
public record Site(Element element, AnnotationMirror annotation, AnnotationValue value) {
    /** Something written on the command line ({@code -A} options): no element to point at. */
    public static final Site COMMAND_LINE = new Site(null, null, null);

    public static Site of(Element element) {
        return new Site(element, null, null);
    }

    public Site at(AnnotationMirror annotation, AnnotationValue value) {
        return new Site(element, annotation, value);
    }
}

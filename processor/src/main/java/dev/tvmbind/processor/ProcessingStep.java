package dev.tvmbind.processor;

import java.util.Set;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.Element;

/**
 * One kind of description, taken through the same stages each round: read (what was written,
 * into a spec), decide (the rules, alone and against the others), render (the binding and the
 * header, from the spec alone) and write (both through the Filer, or neither). The processor lists
 * its steps in one place and runs each in turn; a step never throws.
 */
interface ProcessingStep {
    /**
     * Takes this round's elements of its kind through every stage.
     *
     * @param described gains every type whose annotations the step accounts for (the orphan
     *     check's), including those it defers
     */
    void process(RoundEnvironment round, Set<Element> described);

    /** Whether elements wait for a later round, which then runs even without annotations. */
    boolean pending();
}

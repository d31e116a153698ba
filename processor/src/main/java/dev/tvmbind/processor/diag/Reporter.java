package dev.tvmbind.processor.diag;

import dev.tvmbind.processor.model.Site;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import javax.annotation.processing.Messager;
import javax.tools.Diagnostic;

/**
 * Prints problems through the {@link Messager}, each on the most precise position its site
 * knows: the annotation value, else the annotation, else the element. Under
 * {@code -Atvmbind.strict=true} warnings are printed as errors.
 */
public final class Reporter {
    private final Messager messager;
    private final boolean strict;

    public Reporter(Messager messager, boolean strict) {
        this.messager = messager;
        this.strict = strict;
    }

    /**
     * Prints the problems of one model and says whether any was an error.
     *
     * @param warningsSuppressed whether the model suppresses tvmbind's warnings
     */
    public boolean report(List<Problem> problems, boolean warningsSuppressed) {
        boolean errors = false;
        for (Problem problem : problems) {
            if (!problem.isError() && warningsSuppressed) {
                continue;
            }
            Diagnostic.Kind kind = problem.isError() || strict ? Diagnostic.Kind.ERROR
                    : Diagnostic.Kind.WARNING;
            print(kind, problem.text(), problem.site());
            errors |= kind == Diagnostic.Kind.ERROR;
        }
        return errors;
    }

    /** A bug of tvmbind's own, reported with its trace instead of crashing javac. */
    public void internalError(Site site, CharSequence what, RuntimeException e) {
        StringWriter trace = new StringWriter();
        e.printStackTrace(new PrintWriter(trace));
        print(Diagnostic.Kind.ERROR, Message.INTERNAL_ERROR.text(what, trace.toString()), site);
    }

    private void print(Diagnostic.Kind kind, String text, Site site) {
        if (site.element() == null) {
            messager.printMessage(kind, text);
        } else if (site.annotation() == null) {
            messager.printMessage(kind, text, site.element());
        } else if (site.value() == null) {
            messager.printMessage(kind, text, site.element(), site.annotation());
        } else {
            messager.printMessage(kind, text, site.element(), site.annotation(), site.value());
        }
    }
}

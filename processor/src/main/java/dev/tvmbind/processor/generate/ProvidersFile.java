package dev.tvmbind.processor.generate;

import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.generate.java.BindingWriter;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.Site;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.annotation.processing.Filer;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * {@code META-INF/services/dev.tvmbind.runtime.ModelProvider}: the nested {@code Provider} of every
 * binding of the compilation, which makes its model known by name on the class path. It is the
 * one generated file with several originating elements (every model interface), written once
 * in the last round: what makes the processor aggregating for Gradle. Entries that an earlier
 * compilation wrote to the same output are kept while their binding still resolves, so that
 * compiling some of the sources again (an IDE's incremental build) does not forget the others.
 */
public final class ProvidersFile {
    static final String PATH = "META-INF/services/dev.tvmbind.runtime.ModelProvider";

    private final Filer filer;
    private final Elements elements;
    private final Set<String> providers = new TreeSet<>();
    private final List<TypeElement> origins = new ArrayList<>();

    public ProvidersFile(Filer filer, Elements elements) {
        this.filer = filer;
        this.elements = elements;
    }

    /** The binary name of a binding's provider: {@code com.acme.Outer_InnerBinding$Provider}. */
    public static String providerName(ModelSpec model) {
        return (model.packageName().isEmpty() ? "" : model.packageName() + ".")
                + BindingWriter.simpleName(model) + "$" + BindingWriter.PROVIDER;
    }

    /** Lists the provider of a model whose binding was written. */
    public void add(ModelSpec model, TypeElement origin) {
        providers.add(providerName(model));
        origins.add(origin);
    }

    /** Writes the file, sorted; nothing when no binding was written. */
    public List<Problem> write() {
        if (origins.isEmpty()) {
            return List.of();
        }
        Set<String> all = new TreeSet<>(providers);
        all.addAll(earlierEntries());
        try {
            FileObject file = filer.createResource(StandardLocation.CLASS_OUTPUT, "", PATH,
                    origins.toArray(TypeElement[]::new));
            try (Writer writer = file.openWriter()) {
                for (String provider : all) {
                    writer.write(provider + "\n");
                }
            }
            return List.of();
        } catch (IOException | RuntimeException e) {
            return List.of(Problem.writeFailed(Site.of(origins.getFirst()), PATH,
                    e.getMessage()));
        }
    }

    /** What the output holds from an earlier compilation, where the provider still resolves. */
    private Set<String> earlierEntries() {
        Set<String> kept = new TreeSet<>();
        String text;
        try {
            text = filer.getResource(StandardLocation.CLASS_OUTPUT, "", PATH)
                    .getCharContent(true).toString();
        } catch (IOException | RuntimeException e) {
            return kept; // None written before, or none readable: this compilation's are all.
        }
        for (String line : text.split("\n")) {
            String entry = line.strip();
            if (!entry.isEmpty() && !entry.startsWith("#")
                    && elements.getTypeElement(entry.replace('$', '.')) != null) {
                kept.add(entry);
            }
        }
        return kept;
    }
}

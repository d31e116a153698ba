package dev.tvmbind.processor.describe;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import dev.tvmbind.TensorRole;
import dev.tvmbind.check.TensorDeclaration;
import dev.tvmbind.check.tvm.TvmCode;
import dev.tvmbind.check.tvm.TvmModelOutput;
import dev.tvmbind.check.tvm.TvmTensor;
import dev.tvmbind.processor.generate.JavadocText;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * Writes the annotated interface of a model as TVM's output describes it: {@code @TvmModel} with
 * TVM's model name, prefix, workspace size and {@code checked = true}, and one run method whose
 * parameters are TVM's tensors in TVM's order ({@link TensorParameter}). What the output does not
 * record is said in the javadoc, never guessed.
 */
public final class InterfaceWriter {
    private static final String DSL = "dev.tvmbind";

    private InterfaceWriter() {}

    /** The interface's simple name: the model name in upper camel case ({@code default} → {@code Default}). */
    public static String name(TvmModelOutput model) {
        return JavaNames.type(model.module());
    }

    /** The interface of {@code model}, in {@code packageName} ("" for none). */
    public static JavaFile write(TvmModelOutput model, String packageName) {
        String prefix = model.namespace().substring(0, model.namespace().length()
                - model.module().length() - 1);
        AnnotationSpec.Builder tvmModel = AnnotationSpec.builder(ClassName.get(DSL, "TvmModel"))
                .addMember("name", "$S", model.module())
                .addMember("prefix", "$S", prefix);
        model.workspaceSize().ifPresent(size -> tvmModel.addMember("workspaceSize", "$L", size));
        if (reentrant(model.code(), model)) {
            tvmModel.addMember("reentrant", "true");
        }
        tvmModel.addMember("checked", "true");
        MethodSpec.Builder run = MethodSpec.methodBuilder("run")
                .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                .addAnnotation(ClassName.get(DSL, "EntryPoint"))
                .addJavadoc("Runs the model once: TVM's {@code $L_run}; a non-zero status\nthrows"
                        + " {@code TvmException}.\n", model.namespace());
        Set<String> names = new HashSet<>();
        for (TensorRole role : TensorRole.values()) {
            for (TvmTensor tensor : model.tensors(role)) {
                String variable = TensorDeclaration.of(role, tensor).variable();
                while (!names.add(variable)) {
                    variable += "_";
                }
                run.addParameter(TensorParameter.spec(new TensorDeclaration(role, tensor, variable)));
            }
        }
        TypeSpec type = TypeSpec.interfaceBuilder(name(model))
                .addModifiers(Modifier.PUBLIC)
                .addJavadoc("$L", wrap(javadoc(model)))
                .addAnnotation(tvmModel.build())
                .addMethod(run.build())
                .build();
        return JavaFile.builder(packageName, type).indent("    ").skipJavaLangImports(true).build();
    }

    /**
     * Reentrant only where TVM's C keeps no static workspace and allocates none through the
     * platform: then every workspace comes with the call (pools).
     */
    private static boolean reentrant(TvmCode code, TvmModelOutput model) {
        return !model.operators().isEmpty() && code.staticWorkspace().isEmpty()
                && !code.allocatesWorkspace();
    }

    /** Each line of {@code text} broken at spaces to at most 90 columns: javadoc has no wrapping. */
    static String wrap(String text) {
        StringBuilder wrapped = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            int column = 0;
            for (String word : line.split(" ")) {
                if (column > 0 && column + 1 + word.length() > 90) {
                    wrapped.append('\n');
                    column = 0;
                } else if (column > 0) {
                    wrapped.append(' ');
                    column++;
                }
                wrapped.append(word);
                column += word.length();
            }
            wrapped.append('\n');
        }
        return wrapped.substring(0, wrapped.length() - 1);
    }

    private static String javadoc(TvmModelOutput model) {
        // Everything from the output or the command line goes through JavadocText: a path or a
        // name may hold "*/", which would end the comment and put the rest into the source.
        StringBuilder doc = new StringBuilder("Model {@code " + model.namespace() + "} as TVM"
                + " compiled it, described by {@code tvmbind describe} from "
                + JavadocText.code(model.outputAsWritten()));
        doc.append(model.origin().isEmpty() ? " (a header alone)"
                        : " (" + JavadocText.of(model.origin()) + ")")
                .append(". TVM's output records no release number.\n");
        List<String> missing = new ArrayList<>();
        List<TvmTensor> tensors = Arrays.stream(TensorRole.values())
                .flatMap(r -> model.tensors(r).stream()).toList();
        boolean anyTensor = !tensors.isEmpty();
        if (anyTensor && tensors.stream().anyMatch(t -> t.dtype().isEmpty())) {
            missing.add("dtypes (so those tensors are {@code MemorySegment}s)");
        }
        if (tensors.stream().anyMatch(t -> t.size() == 0)) {
            missing.add("some sizes");
        }
        if (model.shapesFrom().isEmpty()) {
            missing.add("shapes (no Relay text was read)");
        } else {
            doc.append("Shapes from ").append(JavadocText.code(model.shapesFrom())).append(".\n");
        }
        if (model.workspaceSize().isEmpty()) {
            missing.add("the workspace size");
        }
        if (!missing.isEmpty()) {
            doc.append("\n<p>The output does not record ").append(String.join(", ", missing))
                    .append(".\n");
        }
        doc.append("\n<p>").append(threads(model)).append('\n');
        return doc.toString();
    }

    /** Whether runs may overlap, and why (README's "Threads"). */
    private static String threads(TvmModelOutput model) {
        TvmCode code = model.code();
        if (code.staticWorkspace().isPresent()) {
            return "Not reentrant: its C keeps its workspace in the static array "
                    + JavadocText.code(code.staticWorkspace().get().name()) + " ("
                    + JavadocText.code(code.staticWorkspace().get().file()) + "), so runs of one"
                    + " loaded library wait for each other.";
        }
        if (code.allocatesWorkspace()) {
            return "Declared not reentrant: its C takes its workspace from"
                    + " {@code TVMBackendAllocWorkspace}, as reentrant as the platform that"
                    + " implements it; with a thread-safe one such as tvmbind's"
                    + " {@code platform/tvmbind_platform.c}, {@code reentrant = true} is right.";
        }
        return model.operators().isEmpty()
                ? "Declared not reentrant: a header alone does not say where the workspace is."
                : "Reentrant: its C keeps no static workspace and allocates none.";
    }
}

package dev.tvmbind.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.TvmModel;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.Name;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import org.junit.jupiter.api.Test;

/** A bug of the processor's own becomes a keyed error, never an exception in javac. */
class NeverCrashesTest {
    private record Printed(Diagnostic.Kind kind, String message, Element element) {}

    private final List<Printed> printed = new ArrayList<>();

    @Test
    void failureOfARoundIsAnError() {
        TvmBindProcessor processor = initialized();
        RoundEnvironment round = proxy(RoundEnvironment.class, (method, args) -> {
            throw new IllegalStateException("boom");
        });

        assertFalse(processor.process(Set.of(tvmModel()), round));
        assertEquals(1, printed.size(), printed.toString());
        assertEquals(Diagnostic.Kind.ERROR, printed.getFirst().kind());
        assertTrue(printed.getFirst().message().startsWith("[tvmbind:internal-error] tvmbind failed"
                + " on this compilation; this is a bug in tvmbind"), printed.getFirst().message());
        assertTrue(printed.getFirst().message().contains("IllegalStateException: boom"));
    }

    @Test
    void failureOnOneModelIsAnErrorOnThatModel() {
        TvmBindProcessor processor = initialized();
        TypeElement broken = proxy(TypeElement.class, (method, args) -> switch (method.getName()) {
            case "getQualifiedName" -> name("com.acme.Broken");
            case "toString" -> "com.acme.Broken";
            default -> throw new UnsupportedOperationException("cannot read " + method.getName());
        });
        RoundEnvironment round = proxy(RoundEnvironment.class, (method, args) ->
                method.getName().equals("getElementsAnnotatedWith") && args[0] == TvmModel.class
                        ? Set.of(broken) : Set.of());

        assertFalse(processor.process(Set.of(tvmModel()), round));
        assertEquals(1, printed.size(), printed.toString());
        assertTrue(printed.getFirst().message().startsWith("[tvmbind:internal-error] tvmbind failed"
                + " on com.acme.Broken"), printed.getFirst().message());
        assertSame(broken, printed.getFirst().element());
    }

    @Test
    void aRoundWithoutTheAnnotationsIsNotWalked() {
        TvmBindProcessor processor = initialized();
        RoundEnvironment round = proxy(RoundEnvironment.class, (method, args) -> {
            if (method.getName().equals("processingOver")) {
                return false;
            }
            throw new AssertionError("walked the round: " + method.getName());
        });

        // The round of the generated bindings: javac passes no annotations.
        assertFalse(processor.process(Set.of(), round));
        assertEquals(List.of(), printed);
    }

    /** The annotation type as javac passes it to {@code process}: the round has models. */
    private static TypeElement tvmModel() {
        return proxy(TypeElement.class, (method, args) -> switch (method.getName()) {
            case "getQualifiedName" -> name(TvmModel.class.getName());
            case "toString" -> TvmModel.class.getName();
            default -> throw new UnsupportedOperationException(method.getName());
        });
    }

    private TvmBindProcessor initialized() {
        Messager messager = proxy(Messager.class, (method, args) -> {
            printed.add(new Printed((Diagnostic.Kind) args[0], args[1].toString(),
                    args.length > 2 ? (Element) args[2] : null));
            return null;
        });
        ProcessingEnvironment env = proxy(ProcessingEnvironment.class, (method, args) ->
                switch (method.getName()) {
                    case "getOptions" -> Map.of();
                    case "getMessager" -> messager;
                    default -> null;
                });
        TvmBindProcessor processor = new TvmBindProcessor();
        processor.init(env);
        return processor;
    }

    private interface Handler {
        Object handle(java.lang.reflect.Method method, Object[] args) throws Throwable;
    }

    private static <T> T proxy(Class<T> type, Handler handler) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
                (self, method, args) -> switch (method.getName()) {
                    case "hashCode" -> System.identityHashCode(self);
                    case "equals" -> self == args[0];
                    default -> handler.handle(method, args == null ? new Object[0] : args);
                }));
    }

    private static Name name(String text) {
        return proxy(Name.class, (method, args) -> switch (method.getName()) {
            case "toString" -> text;
            case "contentEquals" -> text.contentEquals((CharSequence) args[0]);
            case "length" -> text.length();
            case "charAt" -> text.charAt((Integer) args[0]);
            case "subSequence" -> text.subSequence((Integer) args[0], (Integer) args[1]);
            default -> throw new UnsupportedOperationException(method.getName());
        });
    }
}

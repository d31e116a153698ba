package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.runtime.TvmException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * What a user debugging a call sees: the first library a binding is linked to runs in the
 * binding's own class, so stack traces show its frames with the generated source's lines (and a
 * debugger's breakpoints on those lines are hit).
 */
class DebuggingTest {
    @Test
    void aStackTraceThroughTheBindingShowsItsFrame() {
        Traced traced = TracedBinding.load(NativeLibraries.of("traced"));
        assertEquals(TracedBinding.class.getName() + "$Linked", traced.getClass().getName());
        assertFalse(traced.getClass().isHidden());
        TvmException failure = assertThrows(TvmException.class,
                () -> traced.run(new byte[4], new byte[4]));
        StackTraceElement frame = Arrays.stream(failure.getStackTrace())
                .filter(f -> f.getClassName().equals(TracedBinding.class.getName() + "$Linked"))
                .findFirst().orElseThrow(() -> new AssertionError(Arrays.toString(failure.getStackTrace())));
        assertEquals("run", frame.getMethodName());
        assertEquals("TracedBinding.java", frame.getFileName());
        assertTrue(frame.getLineNumber() > 0, frame.toString());
    }
}

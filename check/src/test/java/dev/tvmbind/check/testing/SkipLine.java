package dev.tvmbind.check.testing;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * The one skip line: tests skipped for a missing fixture (the real TVM output, tvm-ffi's sources,
 * the pinned wheels) are aborted with the reason by an assumption, often in {@code @BeforeAll},
 * which Surefire counts as no test at all. This listener (registered for every module whose tests
 * have the check module's test-jar) prints, when the tests end, one line per reason naming the
 * classes it skipped, so that a plain clone says what it did not test and how to enable it.
 */
public final class SkipLine implements TestExecutionListener {
    /** Each reason, and the classes it skipped. */
    private final Map<String, Set<String>> skipped = new TreeMap<>();

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
            String reason = result.getThrowable().map(Throwable::getMessage).orElse("(no reason)");
            skipped.computeIfAbsent(reason.replaceFirst("^Assumption failed: ", ""),
                    r -> new TreeSet<>()).add(className(test));
        }
    }

    @Override
    public void executionSkipped(TestIdentifier test, String reason) {
        skipped.computeIfAbsent(reason, r -> new TreeSet<>()).add(className(test));
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        skipped.forEach((reason, classes) -> System.out.println("tvmbind: skipped "
                + String.join(", ", classes) + ": " + reason));
    }

    private static String className(TestIdentifier test) {
        String id = test.getUniqueId();
        int start = id.indexOf("[class:");
        if (start < 0) {
            return test.getDisplayName();
        }
        String name = id.substring(start + 7, id.indexOf(']', start));
        return name.substring(name.lastIndexOf('.') + 1);
    }
}

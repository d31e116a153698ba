package dev.tvmbind.contract;

import java.io.PrintStream;
import java.util.List;

/**
 * The processor jar's command line ({@code java -jar tvmbind-processor.jar COMMAND …}) as a
 * service, so that the Maven plugin, compiled for Java 17, runs it in Maven's JVM through
 * {@link java.util.ServiceLoader} instead of naming a class and a method of a Java 22 jar by
 * their strings.
 */
public interface ProcessorCommandLine {
    /**
     * Runs a command.
     *
     * @param args the command and its arguments, as {@code java -jar} would get them
     * @param out where the command reports
     * @param err where its errors go
     * @return its exit status: 0 done, 1 findings, 2 bad arguments or input
     */
    int run(List<String> args, PrintStream out, PrintStream err);
}

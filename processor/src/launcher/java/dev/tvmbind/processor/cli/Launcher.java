package dev.tvmbind.processor.cli;

import java.lang.reflect.InvocationTargetException;

/**
 * The processor jar's {@code Main-Class}, compiled for release 8 so that any Java that
 * {@code java -jar} finds can run it: on a Java older than 22 it says which Java tvmbind needs
 * (exit status 2) instead of an {@code UnsupportedClassVersionError}; on 22 or later it hands
 * over to {@link Main}, loaded by name, since a release-8 compilation cannot read its class file.
 */
public final class Launcher {
    /** FFM, which the command line's code touches, is final since Java 22. */
    private static final int NEEDED = 22;

    private Launcher() {}

    public static void main(String[] args) throws Throwable {
        String version = System.getProperty("java.specification.version");
        int feature = feature(version);
        if (feature < NEEDED) {
            System.err.println("tvmbind needs Java " + NEEDED + " or later; this is Java " + version
                    + " (" + System.getProperty("java.home") + "): run the jar with a newer java,"
                    + " e.g. /usr/lib/jvm/<jdk-22-or-later>/bin/java -jar tvmbind-processor.jar");
            System.exit(2);
        }
        try {
            Class.forName("dev.tvmbind.processor.cli.Main")
                    .getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** {@code 1.8} is 8, {@code 17} is 17. */
    static int feature(String specificationVersion) {
        String feature = specificationVersion.startsWith("1.")
                ? specificationVersion.substring(2) : specificationVersion;
        try {
            return Integer.parseInt(feature);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}

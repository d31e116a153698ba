package dev.tvmbind.maven;

import dev.tvmbind.check.RecordedChecks;
import dev.tvmbind.check.tvm.LibraryProbe;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.toolchain.Toolchain;
import org.apache.maven.toolchain.ToolchainManager;

/**
 * Compares every model javac checked against TVM's output with that output as it is now, from the
 * record the processor left beside the classes: a {@code model.tar} replaced since javac last ran
 * fails the build on the parameter that no longer agrees, with or without {@code clean}, although
 * Maven found nothing to compile.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.PROCESS_CLASSES, threadSafe = true)
public class CheckMojo extends AbstractMojo {
    /** The class output, where javac left the records ({@code META-INF/tvmbind/checked/}). */
    @Parameter(defaultValue = "${project.build.outputDirectory}", readonly = true, required = true)
    private File classesDirectory;

    /**
     * A JDK 22 or newer to read Relax libraries with (in a child JVM); by default the build's JDK
     * toolchain (maven-toolchains-plugin), else the JDK that runs Maven, when it is one.
     */
    @Parameter(property = "tvmbind.jdk")
    private File jdk;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    @Component
    private ToolchainManager toolchains;

    /** Where TVM's runtime is, for reading Relax libraries; by default TVMBIND_TVM_RUNTIME. */
    @Parameter(property = "tvmbind.tvmRuntime")
    private String tvmRuntime;

    /** Skips the check. */
    @Parameter(property = "tvmbind.skip", defaultValue = "false")
    private boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("tvmbind: check skipped");
            return;
        }
        List<RecordedChecks.Outcome> outcomes;
        try {
            outcomes = RecordedChecks.check(classesDirectory.toPath(), Optional.empty(), child());
        } catch (IOException e) {
            throw new MojoExecutionException("tvmbind: cannot list the records in "
                    + classesDirectory + ": " + e.getMessage(), e);
        }
        outcomes.forEach(o -> o.warnings().forEach(getLog()::warn));
        outcomes.forEach(o -> o.errors().forEach(getLog()::error));
        if (outcomes.isEmpty()) {
            getLog().debug("tvmbind: javac checked no model against TVM's output in "
                    + classesDirectory + "; nothing to check");
            return;
        }
        String summary = RecordedChecks.summary(outcomes);
        if (outcomes.stream().anyMatch(o -> !o.errors().isEmpty())) {
            throw new MojoFailureException(summary);
        }
        getLog().info(summary);
    }

    /** The child JVM that reads Relax libraries, where there is a JDK 22+ to run it. */
    private Optional<LibraryProbe.Child> child() {
        Optional<Path> java = jdk != null ? Optional.of(jdk.toPath().resolve("bin/java"))
                : toolchainJava().or(() -> Runtime.version().feature() >= 22
                        ? Optional.of(Path.of(System.getProperty("java.home"), "bin", "java"))
                        : Optional.empty());
        return java.map(j -> LibraryProbe.Child.of(j, CheckMojo.class.getClassLoader(),
                Optional.ofNullable(tvmRuntime)));
    }

    /** The {@code java} of the JDK toolchain the build selected, if any. */
    private Optional<Path> toolchainJava() {
        Toolchain toolchain = toolchains == null || session == null ? null
                : toolchains.getToolchainFromBuildContext("jdk", session);
        return Optional.ofNullable(toolchain).map(t -> t.findTool("java")).map(Path::of);
    }
}

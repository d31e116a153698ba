package dev.tvmbind.maven;

import java.io.File;
import java.io.IOException;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Builds every model of a TVM output with the system's C compiler into
 * {@code native/<os>-<arch>/lib<model>.so} among the classes, so that the jar carries the
 * model's library and {@code ClassPathLibrary.open("<model>")} loads it. Nothing is rebuilt when
 * neither TVM's C nor the flags changed.
 */
@Mojo(name = "native", defaultPhase = LifecyclePhase.COMPILE, threadSafe = true)
public class NativeMojo extends AbstractMojo {
    /** TVM's output: a Model Library Format directory or {@code .tar}. */
    @Parameter(property = "tvmbind.tvmOutput", required = true)
    private File tvmOutput;

    /** Where the libraries go, under {@code native/<os>-<arch>/}. */
    @Parameter(defaultValue = "${project.build.outputDirectory}", required = true)
    private File outputDirectory;

    /** The build's own files: the unpacked tar, what each library was built from. */
    @Parameter(defaultValue = "${project.build.directory}/tvmbind-native", readonly = true)
    private File workDirectory;

    /** The C compiler; else the environment's {@code CC}, else {@code cc}. */
    @Parameter(property = "tvmbind.cc")
    private String compiler;

    /** Skips the build. */
    @Parameter(property = "tvmbind.native.skip", defaultValue = "false")
    private boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("tvmbind: native build skipped");
            return;
        }
        String cc = compiler != null && !compiler.isBlank() ? compiler
                : System.getenv().getOrDefault("CC", "cc");
        try {
            new NativeBuild(cc, workDirectory.toPath(), getLog()::info)
                    .build(tvmOutput.toPath(), outputDirectory.toPath());
        } catch (NativeBuild.Failure e) {
            throw new MojoFailureException("tvmbind: " + e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("tvmbind: " + e.getMessage(), e);
        }
    }
}

package dev.tvmbind.maven;

import dev.tvmbind.contract.ProcessorCommandLine;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Writes the annotated interface of every model of a TVM output into the sources
 * ({@code java -jar tvmbind-processor.jar describe}), on demand: bound to no phase. A file that
 * exists is skipped, saying so, never overwritten.
 */
@Mojo(name = "describe", threadSafe = true)
public class DescribeMojo extends AbstractMojo {
    /**
     * TVM's output: a Model Library Format directory or {@code .tar}, a header, or a Relax
     * library ({@code .so}; TVM's runtime from {@code -Dtvmbind.tvmRuntime} or {@code
     * TVMBIND_TVM_RUNTIME}).
     */
    @Parameter(property = "tvmbind.tvmOutput", required = true)
    private File tvmOutput;

    /** The interfaces' package; none by default. */
    @Parameter(property = "tvmbind.package", defaultValue = "")
    private String packageName;

    /**
     * For a Relax library: the signature file the README's export snippet writes beside it (the
     * results the library does not keep).
     */
    @Parameter(property = "tvmbind.signature")
    private File signature;

    /** Where the interfaces go. */
    @Parameter(property = "tvmbind.describeDirectory",
            defaultValue = "${project.build.sourceDirectory}")
    private File outputDirectory;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        // describe writes with the processor's own code, which is built for the release that
        // runs bindings; check needs no more than Maven's JDK 17.
        if (Runtime.version().feature() < 22) {
            throw new MojoExecutionException("tvmbind:describe needs Maven to run on JDK 22 or"
                    + " later (this is " + Runtime.version() + "); run it so, or use java -jar"
                    + " tvmbind-processor.jar describe " + tvmOutput + " --out " + outputDirectory);
        }
        List<String> args = new ArrayList<>(List.of("describe", tvmOutput.getPath(), "--out",
                outputDirectory.getPath()));
        if (packageName != null && !packageName.isEmpty()) {
            args.addAll(List.of("--package", packageName));
        }
        if (signature != null) {
            args.addAll(List.of("--signature", signature.getPath()));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = run(args, out, err);
        out.toString(StandardCharsets.UTF_8).lines().forEach(getLog()::info);
        if (status != 0) {
            throw new MojoFailureException(err.toString(StandardCharsets.UTF_8).strip());
        }
        err.toString(StandardCharsets.UTF_8).lines().forEach(getLog()::warn);
    }

    /** The processor jar's command line, in this JVM. */
    private static int run(List<String> args, ByteArrayOutputStream out, ByteArrayOutputStream err)
            throws MojoExecutionException {
        ProcessorCommandLine commandLine = ServiceLoader.load(ProcessorCommandLine.class,
                DescribeMojo.class.getClassLoader()).findFirst().orElseThrow(
                        () -> new MojoExecutionException("tvmbind:describe cannot find the"
                                + " processor's command line (tvmbind-processor) on the plugin's"
                                + " class path"));
        try {
            return commandLine.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            throw new MojoExecutionException("tvmbind:describe failed: " + e, e);
        }
    }
}

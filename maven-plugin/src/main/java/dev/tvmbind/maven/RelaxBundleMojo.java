package dev.tvmbind.maven;

import dev.tvmbind.check.tvm.RelaxBundleWriter;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Puts a Relax library and the TVM runtime it runs on into the classes, so that the application
 * jar runs where neither Python nor TVM is: {@code model.so}, {@code libtvm_ffi.so}, {@code
 * libtvm_runtime.so} and {@code libtvm_runtime_extra.so} (from the wheels' {@code
 * site-packages}, or a directory holding them), the wheels' license and notice files, and a list
 * of them with their sha256, under {@code native/<os>-<arch>/relax/<name>/}, where {@code
 * RelaxBundle.extract("<name>")} finds them. Files are streamed, never held in memory; one that
 * did not change is not copied again.
 */
@Mojo(name = "relax-bundle", defaultPhase = LifecyclePhase.PROCESS_CLASSES, threadSafe = true)
public class RelaxBundleMojo extends AbstractMojo {
    /** The Relax library {@code export_library} wrote. */
    @Parameter(property = "tvmbind.relaxLibrary", required = true)
    private File library;

    /** The bundle's name, for {@code RelaxBundle.extract(name)}; by default the file's stem. */
    @Parameter(property = "tvmbind.relaxName")
    private String name;

    /**
     * Where TVM's runtime is: apache-tvm's {@code site-packages} (with apache-tvm-ffi beside it),
     * or a directory holding the three libraries; by default {@code TVMBIND_TVM_RUNTIME}.
     */
    @Parameter(property = "tvmbind.tvmRuntime")
    private String tvmRuntime;

    /** Also {@code libtvm_runtime_cuda.so} (it needs CUDA's runtime on the machine that runs). */
    @Parameter(property = "tvmbind.relaxCuda", defaultValue = "false")
    private boolean cuda;

    /** Where the bundle goes, under {@code native/<os>-<arch>/relax/}. */
    @Parameter(defaultValue = "${project.build.outputDirectory}", required = true)
    private File outputDirectory;

    /** Skips it. */
    @Parameter(property = "tvmbind.relaxBundle.skip", defaultValue = "false")
    private boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("tvmbind: Relax bundle skipped");
            return;
        }
        String runtime = Optional.ofNullable(tvmRuntime).or(() -> Optional.ofNullable(
                System.getenv("TVMBIND_TVM_RUNTIME"))).orElseThrow(() -> new MojoFailureException(
                        "tvmbind: where is TVM's runtime? Set <tvmRuntime> (or -Dtvmbind.tvmRuntime,"
                                + " TVMBIND_TVM_RUNTIME) to apache-tvm's site-packages"));
        try {
            RelaxBundleWriter bundle = RelaxBundleWriter.of(library.toPath(), Path.of(runtime), cuda);
            String named = name != null && !name.isBlank() ? name : RelaxBundleWriter.stem(library.toPath());
            Path written = bundle.write(outputDirectory.toPath(), named, getLog()::info);
            getLog().info("tvmbind: Relax bundle '" + named + "' in " + written);
        } catch (RelaxBundleWriter.Failure e) {
            throw new MojoFailureException("tvmbind: " + e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("tvmbind: " + e.getMessage(), e);
        }
    }
}

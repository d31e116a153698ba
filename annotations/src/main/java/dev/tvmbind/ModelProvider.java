package dev.tvmbind;

/**
 * Makes a model known by name to {@link TvmLibrary#executor(String)}: a {@link java.util.ServiceLoader}
 * service. The processor generates one provider per model, the binding's nested class
 * {@code Provider}, and lists every provider of a compilation in
 * {@code META-INF/services/dev.tvmbind.ModelProvider}, which serves the class path. A named module
 * declares its models itself:
 *
 * <pre>{@code
 * module com.acme.app {
 *     requires dev.tvmbind;
 *     provides dev.tvmbind.ModelProvider with com.acme.KeywordSpotterBinding.Provider;
 * }
 * }</pre>
 */
public interface ModelProvider {
    /**
     * What the model's interface declares of it.
     *
     * @return the binding's {@code INFO}
     */
    ModelInfo info();
}

package dev.tvmbind.runtime;

/**
 * Makes a model known by name to {@link TvmLibrary#executor(String)}: a {@link java.util.ServiceLoader}
 * service. The processor generates one provider per model, the binding's nested class
 * {@code Provider}, and lists every provider of a compilation in
 * {@code META-INF/services/dev.tvmbind.runtime.ModelProvider}, which serves the class path. A
 * named module declares its models itself:
 *
 * <pre>{@code
 * module com.acme.app {
 *     requires dev.tvmbind.runtime;
 *     provides dev.tvmbind.runtime.ModelProvider with com.acme.KeywordSpotterBinding.Provider;
 * }
 * }</pre>
 *
 * <p>A generated provider also links its model's run function for executors, with the native
 * access of the module that holds it: run that module with {@code --enable-native-access}.
 */
public interface ModelProvider {
    /**
     * What the model's interface declares of it.
     *
     * @return the binding's {@code INFO}
     */
    ModelInfo info();
}

package dev.tvmbind.runtime;

import java.util.Objects;

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
 * <p>Generated code is its only subclass: its constructor takes a description that only
 * generated code makes. A provider offers the model's description only, nothing that links or
 * calls native code. An executor trusts a description (it sizes the buffers TVM's code writes)
 * from a module with native access only: run that module with {@code --enable-native-access}.
 */
public abstract class ModelProvider {
    private final ModelInfo info;

    /**
     * The generated provider of a model.
     *
     * @param info the binding's {@code INFO}
     */
    protected ModelProvider(ModelInfo info) {
        this.info = Objects.requireNonNull(info, "info");
    }

    /**
     * What the model's interface declares of it.
     *
     * @return the binding's {@code INFO}
     */
    public final ModelInfo info() {
        return info;
    }
}

/** A user's modular application with a model, known by name to TvmLibrary. */
module com.acme.app {
    requires dev.tvmbind.runtime;
    provides dev.tvmbind.runtime.ModelProvider with com.acme.SensorFusionBinding.Provider;
}

/** A user's modular application with a model, known by name to TvmLibrary. */
module com.acme.app {
    requires dev.tvmbind;
    exports com.acme to dev.tvmbind;
    provides dev.tvmbind.runtime.ModelProvider with com.acme.SensorFusionBinding.Provider;
}

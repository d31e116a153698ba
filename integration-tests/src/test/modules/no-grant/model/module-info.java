/** Holds the models and their generated bindings; granted native access. */
module model {
    requires transitive dev.tvmbind.runtime;

    exports model;

    provides dev.tvmbind.runtime.ModelProvider with model.AdderBinding.Provider,
            model.DoublerBinding.Provider;
}

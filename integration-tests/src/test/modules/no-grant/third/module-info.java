/** Code without native access that gets hold of everything tvmbind makes public. */
module third {
    requires transitive dev.tvmbind.runtime;
    requires model;

    exports third;

    uses dev.tvmbind.runtime.ModelProvider;
}

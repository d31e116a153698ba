/** A user's modular application with a model. */
module com.acme.app {
    requires dev.tvmbind;
    exports com.acme to dev.tvmbind;
}

/** The application: granted native access, it uses its models and hands a library to the third module. */
module app {
    requires dev.tvmbind.runtime;
    requires model;
}

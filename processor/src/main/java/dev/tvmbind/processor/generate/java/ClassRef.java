package dev.tvmbind.processor.generate.java;

/** A class that generated code refers to, by package and simple name. */
record ClassRef(String packageName, String simpleName) {
    String qualifiedName() {
        return packageName.isEmpty() ? simpleName : packageName + "." + simpleName;
    }
}

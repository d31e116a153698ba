package dev.tvmbind.processor.describe;

import com.palantir.javapoet.JavaFile;

/**
 * One interface {@code describe} wrote: where it goes and its text.
 *
 * @param packageName its package ("" for none)
 * @param simpleName its name, the file's
 * @param text the source
 */
record Source(String packageName, String simpleName, String text) {
    static Source of(JavaFile file) {
        return new Source(file.packageName(), file.typeSpec().name(), file.toString());
    }
}

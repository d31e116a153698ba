package dev.tvmbind.runtime;

import java.io.Serial;
import java.nio.file.Path;

/**
 * A library's file cannot be loaded: missing, a directory or a device, not a shared library of
 * this machine, truncated, or refused by the dynamic loader. The message names the file and the
 * reason; nothing of it ran (tvmbind reads its headers before the loader maps it). Also a library
 * that links a {@code libtvm_ffi} of a C ABI tvmbind does not read: that one was loaded, and none
 * of its functions called.
 */
public final class UnreadableLibraryError extends UnsatisfiedLinkError {
    @Serial private static final long serialVersionUID = 1L;

    /** Held as text: a {@code Path} is not serializable. */
    private final String library;

    UnreadableLibraryError(String message, Path library) {
        super(message);
        this.library = library.toString();
    }

    /**
     * The file.
     *
     * @return its path, as tvmbind was given it or resolved it
     */
    public Path library() {
        return Path.of(library);
    }
}

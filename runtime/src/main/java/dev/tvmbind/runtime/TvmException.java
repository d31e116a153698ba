package dev.tvmbind.runtime;

import java.io.Serial;
import java.util.Optional;

/**
 * A run of TVM's code failed: its run function returned a non-zero status, through a tensor entry
 * point declared {@code void} (one declared {@code int} returns the status instead), or through
 * {@link TvmExecutor#run}. The message names the C symbol and the status, and what the library's
 * {@code TVMGetLastError()} said when it has one; each is also available as an accessor.
 *
 * <p>Failures of a run are this family ({@link dev.tvmbind.runtime.ffi.TvmFfiException} for TVM's
 * FFI), made by tvmbind only; failures to load or link are
 * {@link UnsatisfiedLinkError}s ({@link MissingSymbolsError}, {@link WrongModelError},
 * {@link UnreadableLibraryError}); misuse is an {@link IllegalArgumentException} or
 * {@link IllegalStateException}.
 */
public sealed class TvmException extends RuntimeException
        permits dev.tvmbind.runtime.ffi.TvmFfiException {
    @Serial private static final long serialVersionUID = 1L;

    /** The C symbol that was called. */
    private final String symbol;
    /** The non-zero status it returned. */
    private final int status;
    /** What {@code TVMGetLastError()} said, or null. */
    private final String lastError;

    /** A non-zero status, with what {@code TVMGetLastError()} said about it, or null. */
    TvmException(String symbol, int status, String lastError) {
        this(symbol + " returned status " + status
                + (lastError == null || lastError.isBlank() ? "" : ": " + lastError), symbol,
                status, lastError);
    }

    /**
     * A failure of the family, with its own message: for {@code TvmFfiException}.
     *
     * @param message the message
     * @param symbol the C function that failed
     * @param status what it returned
     * @param lastError what the library said of it, or null
     */
    protected TvmException(String message, String symbol, int status, String lastError) {
        super(message);
        this.symbol = symbol;
        this.status = status;
        this.lastError = lastError == null || lastError.isBlank() ? null : lastError;
    }

    /**
     * The C symbol that failed.
     *
     * @return the symbol, e.g. {@code tvmgen_default_run}
     */
    public String symbol() {
        return symbol;
    }

    /**
     * The status the C function returned.
     *
     * @return the non-zero status
     */
    public int status() {
        return status;
    }

    /**
     * What the library's {@code TVMGetLastError()} said when the call failed: read while the call
     * still held the model's lock, so that no other run of the model had replaced it (it is
     * per thread only on platforms that make it so, such as tvmbind's).
     *
     * @return its text, or empty when the library exports no {@code TVMGetLastError} or it said
     *     nothing
     */
    public Optional<String> lastError() {
        return Optional.ofNullable(lastError);
    }
}

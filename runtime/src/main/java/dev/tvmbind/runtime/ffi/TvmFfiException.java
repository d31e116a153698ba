package dev.tvmbind.runtime.ffi;

import dev.tvmbind.runtime.TvmException;
import java.io.Serial;

/**
 * A function called through TVM's FFI raised an error: TVM's kind ({@code ValueError},
 * {@code TypeError}, …), message and backtrace, read on the calling thread right after the call.
 * The C symbol is {@link #symbol()} and the status {@code -1}, as the ABI returns it.
 */
public final class TvmFfiException extends TvmException {
    @Serial private static final long serialVersionUID = 1L;

    /** TVM's kind of the error. */
    private final String kind;
    /** TVM's message alone, without the symbol and kind this exception's message adds. */
    private final String errorMessage;
    /** Where TVM raised it. */
    private final String backtrace;

    TvmFfiException(String symbol, String kind, String errorMessage, String backtrace) {
        super(symbol + " raised " + kind + ": " + errorMessage, symbol, -1, errorMessage);
        this.kind = kind;
        this.errorMessage = errorMessage;
        this.backtrace = backtrace;
    }

    /**
     * The error's kind, as TVM names it.
     *
     * @return e.g. {@code ValueError}
     */
    public String kind() {
        return kind;
    }

    /**
     * TVM's message.
     *
     * @return the message as raised
     */
    public String errorMessage() {
        return errorMessage;
    }

    /**
     * TVM's backtrace of where it was raised, in TVM's format (empty when the library was built
     * without backtraces).
     *
     * @return the backtrace's text
     */
    public String backtrace() {
        return backtrace;
    }
}

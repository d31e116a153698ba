package dev.tvmbind;

import java.io.Serial;

/**
 * A tensor entry point declared {@code void} returned a non-zero status. The message names the C
 * symbol and the status; both are also available as accessors.
 */
public class TvmException extends RuntimeException {
    @Serial private static final long serialVersionUID = 1L;

    /** The C symbol that was called. */
    private final String symbol;
    /** The non-zero status it returned. */
    private final int status;

    /**
     * Creates the exception for a failed call.
     *
     * @param symbol the C symbol that was called, e.g. {@code tvmgen_default_run}
     * @param status the non-zero status it returned
     */
    public TvmException(String symbol, int status) {
        super(symbol + " returned status " + status);
        this.symbol = symbol;
        this.status = status;
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
}

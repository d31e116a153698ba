package dev.tvmbind.runtime;

import java.io.Serial;
import java.util.List;

/**
 * A library lacks symbols a binding needs: the message lists them (ten, then how many more) and
 * names the header to implement. Thrown by {@code load} and {@link TvmModels#load}, before any
 * call.
 */
public final class MissingSymbolsError extends UnsatisfiedLinkError {
    @Serial private static final long serialVersionUID = 1L;

    /** Every missing symbol. */
    private final transient List<String> missing;
    /** The header the library is to implement. */
    private final String header;

    MissingSymbolsError(String message, List<String> missing, String header) {
        super(message);
        this.missing = List.copyOf(missing);
        this.header = header;
    }

    /**
     * The symbols the library lacks.
     *
     * @return every one, in the binding's order
     */
    public List<String> missing() {
        return missing;
    }

    /**
     * The C header the library is to implement.
     *
     * @return e.g. {@code tvmgen_default.h}
     */
    public String header() {
        return header;
    }
}

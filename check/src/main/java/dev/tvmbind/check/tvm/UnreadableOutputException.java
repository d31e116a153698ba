package dev.tvmbind.check.tvm;

/** TVM output that cannot be read as TVM writes it: the message names the cause. */
public final class UnreadableOutputException extends Exception {
    public UnreadableOutputException(String message) {
        super(message);
    }

    UnreadableOutputException(String message, Throwable cause) {
        super(message + ": " + reason(cause), cause);
    }

    /**
     * What went wrong, in words: a stream that ends early throws an {@code EOFException} with
     * no message, which once read "TVM wrote: null".
     */
    static String reason(Throwable cause) {
        if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
            return firstLine(cause.getMessage());
        }
        return cause instanceof java.io.EOFException
                ? "it ends early (truncated?)"
                : cause.getClass().getSimpleName();
    }

    /** Libraries explain at length (Gson adds a troubleshooting link): a diagnostic takes the cause. */
    private static String firstLine(String text) {
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end);
    }
}

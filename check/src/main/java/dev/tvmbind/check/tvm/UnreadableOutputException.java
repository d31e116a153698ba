package dev.tvmbind.check.tvm;

/** TVM output that cannot be read as TVM writes it: the message names the cause. */
public final class UnreadableOutputException extends Exception {
    UnreadableOutputException(String message) {
        super(message);
    }

    UnreadableOutputException(String message, Throwable cause) {
        super(message + ": " + firstLine(String.valueOf(cause.getMessage())), cause);
    }

    /** Libraries explain at length (Gson adds a troubleshooting link): a diagnostic takes the cause. */
    private static String firstLine(String text) {
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end);
    }
}

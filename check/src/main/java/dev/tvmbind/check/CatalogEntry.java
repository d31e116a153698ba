package dev.tvmbind.check;

import java.util.regex.Pattern;

/**
 * One entry of tvmbind's diagnostic catalog, whoever prints it (javac through the processor's
 * {@code Message}, the Maven goal and the command line through {@link CheckMessage}): a stable key,
 * the text between brackets at the start of the message that users search for and tests assert
 * on; whether it fails the build; the format. How a message is made from them is written here
 * once: the key prefix, texts quoted, the arguments counted.
 */
public interface CatalogEntry {
    /** A conversion of {@link java.util.Formatter}, other than {@code %%} and {@code %n}. */
    Pattern CONVERSION = Pattern.compile("%(?![%n])[-#+ 0,(]*\\d*(?:\\.\\d+)?[a-zA-Z]");

    /** The stable key, e.g. {@code tvm-output-shape}. */
    String key();

    /** Whether it fails the build; else a warning. */
    boolean error();

    /** The {@link String#format} pattern, without the key. */
    String format();

    /** The constant's name, for messages about a wrong call. */
    String name();

    /** Whether text arguments are quoted; only a stack trace, which keeps its lines, is not. */
    default boolean quotesTexts() {
        return true;
    }

    /** How many arguments the message takes. */
    default int arity() {
        return (int) CONVERSION.matcher(format()).results().count();
    }

    /**
     * The message text: {@code [tvmbind:key] } and the formatted arguments, texts quoted.
     *
     * @throws IllegalArgumentException for arguments that do not fit
     */
    default String text(Object... args) {
        if (args.length != arity()) {
            throw new IllegalArgumentException(name() + " takes " + arity() + " arguments, not "
                    + args.length);
        }
        Object[] shown = args;
        if (quotesTexts()) {
            shown = args.clone();
            for (int i = 0; i < shown.length; i++) {
                if (shown[i] instanceof CharSequence text) {
                    shown[i] = Quoted.of(text.toString());
                }
            }
        }
        return "[tvmbind:" + key() + "] " + String.format(format(), shown);
    }
}

package dev.tvmbind.runtime.internal.shared;

/**
 * The runtime's one diagnostics channel: the {@code System.Logger} named {@code dev.tvmbind}
 * (WARNING for what a user should act on, DEBUG for the rest; nothing is printed to stderr by
 * tvmbind itself). Every fact said here is also readable from what it concerns: a loaded
 * binding's functions say which were checked and why not.
 */
public final class Diagnostics {
    private Diagnostics() {}

    public static final System.Logger LOGGER = System.getLogger("dev.tvmbind");
}

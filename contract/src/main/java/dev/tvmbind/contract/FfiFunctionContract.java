package dev.tvmbind.contract;

/**
 * One function of a {@code @TvmFfi} interface: the method as Java declares it, which the load
 * compares with the schema the library exported, and what it calls.
 *
 * @param method the method as Java declares it, e.g. {@code long add(long a, long b)}
 * @param name the exported name ({@code add}), or the function's name in TVM's global registry
 * @param global whether it is a function of TVM's global registry ({@code @Global})
 */
public record FfiFunctionContract(String method, String name, boolean global) {
    /** What a binding calls it by: its symbol, or for a global function its registry key. */
    public String symbol() {
        return global ? CNames.ffiGlobal(name) : CNames.ffiFunction(name);
    }

    /**
     * The function a binding calls by {@code symbol}, as {@link #symbol()} composed it.
     *
     * @throws IllegalArgumentException when {@code symbol} is neither kind
     */
    public static FfiFunctionContract of(String method, String symbol) {
        return CNames.ffiGlobalName(symbol)
                .map(name -> new FfiFunctionContract(method, name, true))
                .or(() -> CNames.ffiName(symbol).map(name -> new FfiFunctionContract(method, name,
                        false)))
                .orElseThrow(() -> new IllegalArgumentException(symbol + " of " + method
                        + " is neither an exported function of TVM's FFI nor a global one"));
    }
}

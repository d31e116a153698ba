package dev.tvmbind.check.tvm;

/**
 * TVM's sanitising of tensor, pool and device names ({@code SanitizeName} in TVM's
 * {@code name_transforms.cc}): every character that is not an ASCII letter or digit becomes
 * {@code _}, one for one, and case is kept. {@code serving_default_x:0} becomes
 * {@code serving_default_x_0}.
 *
 * <p>TVM works on UTF-8 bytes, so a non-ASCII character would become several {@code _} there
 * and one here; the reader sanitises every name as it reads it, and the validator then refuses
 * non-ASCII tensor names ({@code non-ascii}), so the difference never reaches a header.
 */
public final class TvmSanitizer {
    private TvmSanitizer() {}

    public static String sanitize(String name) {
        StringBuilder out = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            out.append(isAsciiAlnum(c) ? c : '_');
        }
        return out.toString();
    }

    public static boolean isAsciiAlnum(char c) {
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9';
    }
}

package dev.tvmbind.contract;

import java.util.List;
import java.util.Locale;

/**
 * The name of a platform, as the Maven plugin's {@code native} goal names the folder it builds a
 * model's library into ({@code native/<platform>/}) and the runtime's {@code ClassPathLibrary}
 * looks for it: the two sides of one jar, so one definition.
 */
public final class Platform {
    private Platform() {}

    /** The platforms a jar may carry libraries for, in the order messages list them. */
    public static final List<String> KNOWN = List.of("linux-x86_64", "linux-aarch64",
            "macos-x86_64", "macos-aarch64", "windows-x86_64", "windows-aarch64");

    /**
     * The platform this JVM runs on.
     *
     * @return {@code linux}, {@code macos} or {@code windows}, a dash, then {@code x86_64},
     *     {@code aarch64} or the JVM's own name of the architecture
     */
    public static String current() {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
        String osName = os.startsWith("mac") || os.startsWith("darwin") ? "macos"
                : os.startsWith("windows") ? "windows" : os.replace(' ', '_');
        String archName = switch (arch) {
            case "amd64", "x86_64", "x64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            default -> arch;
        };
        return osName + "-" + archName;
    }
}

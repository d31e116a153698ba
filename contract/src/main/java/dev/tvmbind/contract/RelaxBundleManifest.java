package dev.tvmbind.contract;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * What a Relax bundle in a jar holds ({@code native/<platform>/relax/<name>/bundle.properties}):
 * the model, TVM's runtime libraries and their license files, each with its sha256 and size, and
 * what the machine that loads them needs (the platform, the glibc the wheels were built for). The
 * Maven plugin's {@code relax-bundle} goal writes it; the runtime's {@code RelaxBundle} reads it
 * and checks every file it extracts against it. This class alone writes and reads it.
 *
 * @param platform {@code linux-x86_64} ({@link Platform})
 * @param glibc the oldest glibc the libraries run on ({@code 2.28}), when the wheels say
 * @param files every file, in the order they load, by name
 */
public record RelaxBundleManifest(String platform, Optional<String> glibc, Map<String, Entry> files) {
    /** The bundle's list, in its folder. */
    public static final String FILE = "bundle.properties";
    /** The model's file name in the bundle. */
    public static final String MODEL = "model.so";
    /** The runtime's libraries, in the order they load; the last only where present. */
    public static final List<String> RUNTIME = List.of("libtvm_ffi.so", "libtvm_runtime.so",
            "libtvm_runtime_extra.so");
    private static final Pattern FILE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,100}");
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    /**
     * One file.
     *
     * @param sha256 its hash, lower-case hex
     * @param size its size in bytes
     */
    public record Entry(String sha256, long size) {}

    public RelaxBundleManifest {
        files = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(files));
    }

    /**
     * Whether {@code name} may name a bundle or one of its files: letters, digits, {@code . _ -},
     * a letter or digit first, at most 101 characters; never a path.
     */
    public static boolean isName(String name) {
        return FILE_NAME.matcher(name).matches();
    }

    /** The folder of bundle {@code name} for {@code platform}, in the class path. */
    public static String folder(String platform, String name) {
        return "native/" + platform + "/relax/" + name + "/";
    }

    /** The list's text: one {@code key=value} per line, in a fixed order. */
    public String render() {
        StringBuilder text = new StringBuilder("# A Relax model and TVM's runtime (tvmbind's"
                + " relax-bundle goal): each file's sha256 and size, checked when extracted\n");
        text.append("platform=").append(platform).append('\n');
        text.append("glibc=").append(glibc.orElse("")).append('\n');
        List<String> names = new ArrayList<>(files.keySet());
        text.append("files=").append(String.join(",", names)).append('\n');
        files.forEach((file, entry) -> text.append("file.").append(file).append(".sha256=")
                .append(entry.sha256()).append("\nfile.").append(file).append(".size=")
                .append(entry.size()).append('\n'));
        return text.toString();
    }

    /**
     * A list read back; file names and hashes are checked (a name is a plain file name: no
     * path).
     *
     * @throws IllegalArgumentException saying what is wrong
     */
    public static RelaxBundleManifest parse(String text) {
        Properties entries = new Properties();
        try {
            entries.load(new StringReader(text));
            Map<String, Entry> files = new LinkedHashMap<>();
            for (String file : CheckRecord.required(entries, "files").split(",")) {
                if (!isName(file)) {
                    throw new IllegalArgumentException("'" + file + "' is not a file name");
                }
                String sha = CheckRecord.required(entries, "file." + file + ".sha256");
                if (!SHA256.matcher(sha).matches()) {
                    throw new IllegalArgumentException("the sha256 of " + file + " is not one");
                }
                long size = Long.parseLong(CheckRecord.required(entries, "file." + file + ".size"));
                if (size < 0) {
                    throw new IllegalArgumentException("the size of " + file + " is negative");
                }
                files.put(file, new Entry(sha, size));
            }
            if (!files.containsKey(MODEL) || !files.containsKey(RUNTIME.get(0))
                    || !files.containsKey(RUNTIME.get(1))) {
                throw new IllegalArgumentException("it lacks " + MODEL + ", " + RUNTIME.get(0)
                        + " or " + RUNTIME.get(1));
            }
            String glibc = CheckRecord.required(entries, "glibc");
            return new RelaxBundleManifest(CheckRecord.required(entries, "platform"),
                    glibc.isEmpty() ? Optional.empty() : Optional.of(glibc), files);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(e.getMessage() + " (" + FILE + " not as tvmbind's"
                    + " relax-bundle goal writes it)", e);
        }
    }

    /** Versions compared by their numbers: {@code 2.27} before {@code 2.28} before {@code 2.100}. */
    public static int compareVersions(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            int c = Long.compare(number(x, i), number(y, i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    private static long number(String[] parts, int i) {
        if (i >= parts.length) {
            return 0;
        }
        String digits = parts[i].replaceAll("[^0-9].*", "");
        return digits.isEmpty() || digits.length() > 9 ? 0 : Long.parseLong(digits);
    }
}

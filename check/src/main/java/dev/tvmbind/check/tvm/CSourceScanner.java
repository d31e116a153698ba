package dev.tvmbind.check.tvm;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads TVM's generated C ({@code codegen/host/src/*.c}) for what decides whether a model's run
 * may execute concurrently: a writable static array (USMP's {@code global_workspace}; TVM's
 * {@code static const} constant pools are read-only and do not count), or calls of
 * {@code TVMBackendAllocWorkspace}, as reentrant as the platform. The files can be many megabytes
 * of constants, so they are read as a stream, a line at a time, and only a line's beginning is
 * matched.
 */
final class CSourceScanner {
    private CSourceScanner() {}

    /** Longer lines are matched on their beginning only: declarations are short. */
    private static final int MATCHED = 1024;

    /**
     * {@code static [volatile] type [__attribute__((…))] name[}: TVM's writable static arrays.
     * Bounded quantifiers only, on a bounded line: no backtracking blow-up.
     */
    private static final Pattern STATIC_ARRAY = Pattern.compile(
            "^\\s*static\\s+(?!const\\b)(?:volatile\\s+)?[A-Za-z_]\\w{0,63}"
                    + "(?:\\s+__attribute__\\(\\([^;]{0,256}?\\)\\))?\\s+(\\w{1,255})\\s*\\[");
    private static final String ALLOC = "TVMBackendAllocWorkspace(";

    /**
     * What a source holds.
     *
     * @param staticArray the first writable static array's name, if any
     * @param allocatesWorkspace whether it calls {@code TVMBackendAllocWorkspace}
     */
    record Facts(Optional<String> staticArray, boolean allocatesWorkspace) {
        static final Facts NONE = new Facts(Optional.empty(), false);

        Facts and(Facts other) {
            return new Facts(staticArray.or(other::staticArray),
                    allocatesWorkspace || other.allocatesWorkspace);
        }
    }

    static Facts scan(InputStream in) throws IOException {
        Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8);
        StringBuilder line = new StringBuilder(MATCHED);
        Optional<String> array = Optional.empty();
        boolean allocates = false;
        char[] buffer = new char[8192];
        for (int n; (n = reader.read(buffer)) >= 0; ) {
            for (int i = 0; i < n; i++) {
                char c = buffer[i];
                if (c == '\n') {
                    array = array.or(() -> staticArray(line));
                    allocates |= line.indexOf(ALLOC) >= 0;
                    line.setLength(0);
                } else if (line.length() < MATCHED) {
                    line.append(c);
                }
            }
        }
        array = array.or(() -> staticArray(line));
        allocates |= line.indexOf(ALLOC) >= 0;
        return new Facts(array, allocates);
    }

    private static Optional<String> staticArray(CharSequence line) {
        Matcher matcher = STATIC_ARRAY.matcher(line);
        return matcher.find() ? Optional.of(matcher.group(1)) : Optional.empty();
    }
}

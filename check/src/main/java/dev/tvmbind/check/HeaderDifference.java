package dev.tvmbind.check;

import java.util.Optional;

/**
 * The first line where TVM's header and the one tvmbind writes differ, trailing blanks aside
 * (repositories often strip them).
 *
 * @param line the line's number, from 1
 * @param tvm TVM's line, or {@code (end of file)}
 * @param ours tvmbind's line, or {@code (end of file)}
 */
record HeaderDifference(int line, String tvm, String ours) {
    static Optional<HeaderDifference> first(String tvm, String ours) {
        String[] theirs = tvm.split("\n", -1);
        String[] mine = ours.split("\n", -1);
        for (int i = 0; i < Math.max(theirs.length, mine.length); i++) {
            String a = i < theirs.length ? theirs[i].stripTrailing() : "(end of file)";
            String b = i < mine.length ? mine[i].stripTrailing() : "(end of file)";
            if (!a.equals(b)) {
                return Optional.of(new HeaderDifference(i + 1, a, b));
            }
        }
        return Optional.empty();
    }
}

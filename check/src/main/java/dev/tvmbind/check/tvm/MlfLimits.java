package dev.tvmbind.check.tvm;

/**
 * How much of a TVM output tvmbind reads or unpacks: far more than TVM writes for a model that
 * fits a device, far less than would exhaust a build's memory, disk or time. A file or a tar
 * entry past them (a sparse file claiming gigabytes, a compressed bomb) is refused, saying so,
 * before it is read; a tar's entries are measured by their headers, before anything is written.
 */
public final class MlfLimits {
    private MlfLimits() {}

    /** Any one file TVM writes, its generated C included (constants and all). */
    public static final long FILE = 256L << 20;
    /**
     * Entries of a tar, and generated C files of a tree: TVM writes tens. Each costs a header read
     * (or a file opened) whether tvmbind needs it or not.
     */
    public static final int ENTRIES = 10_000;
    /** What one build unpacks of a tar and hashes of a tree, all files together. */
    public static final long TOTAL = 512L << 20;

    /** Refuses one file of {@code size} bytes, read alone. */
    public static void check(String what, long size) throws UnreadableOutputException {
        check(what, size, size);
    }

    /**
     * Refuses a file of {@code size} bytes, or a tree grown to {@code total} bytes with it.
     *
     * @param what the file as a message names it ({@code its entry codegen/host/src/x.c})
     */
    public static void check(String what, long size, long total) throws UnreadableOutputException {
        if (size > FILE) {
            throw new UnreadableOutputException(what + " is " + size + " bytes, more than the "
                    + (FILE >> 20) + " MiB tvmbind reads of one file TVM writes");
        }
        if (total > TOTAL) {
            throw new UnreadableOutputException("its files hold more than " + (TOTAL >> 20)
                    + " MiB together (at " + what + "), more than tvmbind reads of one TVM output");
        }
    }
}

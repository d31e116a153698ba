package dev.tvmbind.check.tvm;

import java.util.List;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;

/**
 * What every reader of a TVM output's tar decides of each entry as its header goes by, before any
 * of its bytes is read or inflated: the reader of TVM's output (javac, {@code describe},
 * {@code check}) and the unpacker ({@code native}) give one verdict on one tar. A tar is a user's
 * file: its names may say {@code ../} or {@code /}, its entries may be links, and a header may
 * declare gigabytes that a few megabytes of gzip inflate to. So the entries are counted, their
 * declared sizes added up, needed or not, and the work a tar costs is bounded before it is done.
 */
final class TarEntries {
    private int count;
    private long total;

    /**
     * The entry's name inside the tree ({@code ./} dropped), once it is one TVM could have written.
     *
     * @throws UnreadableOutputException naming the entry and the rule or bound it breaks
     */
    String admit(TarArchiveEntry entry) throws UnreadableOutputException {
        if (++count > MlfLimits.ENTRIES) {
            throw new UnreadableOutputException("it has more than " + MlfLimits.ENTRIES
                    + " entries, far more files than TVM writes for a model");
        }
        String name = entry.getName().startsWith("./") ? entry.getName().substring(2)
                : entry.getName();
        if (entry.isDirectory() && (name.isEmpty() || name.equals(".") || name.equals("/"))) {
            return ""; // the tree itself, as tar writes a folder's own entry
        }
        if (name.startsWith("/") || name.indexOf('\\') >= 0 || name.indexOf('\0') >= 0
                || List.of(name.split("/")).contains("..")) {
            throw new UnreadableOutputException("its entry " + name + " points outside the tree");
        }
        if (entry.isSymbolicLink() || entry.isLink()) {
            throw new UnreadableOutputException("its entry " + name + " is a "
                    + (entry.isLink() ? "hard" : "symbolic") + " link to " + entry.getLinkName()
                    + "; TVM's output holds regular files and folders only");
        }
        if (entry.isCharacterDevice() || entry.isBlockDevice() || entry.isFIFO()) {
            throw new UnreadableOutputException("its entry " + name + " is a device or a FIFO;"
                    + " TVM's output holds regular files and folders only");
        }
        if (entry.isSparse()) {
            throw new UnreadableOutputException("its entry " + name + " is a sparse file, which TVM"
                    + " never writes");
        }
        total += entry.getSize();
        MlfLimits.check("its entry " + name, entry.getSize(), total);
        return name;
    }
}

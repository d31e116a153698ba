package dev.tvmbind.processor.diag;

import dev.tvmbind.check.CatalogEntry;
import dev.tvmbind.check.Finding;
import dev.tvmbind.processor.model.Site;
import java.util.List;

/**
 * A diagnostic found by reading or validating, not yet printed.
 *
 * @param message the catalog entry
 * @param site where it belongs
 * @param args the arguments of the message format
 */
public record Problem(CatalogEntry message, Site site, List<Object> args) {
    /** Refuses arguments that do not fit the message, where the problem is made, not printed. */
    public Problem {
        args = List.copyOf(args);
        message.text(args.toArray());
    }

    public static Problem of(CatalogEntry message, Site site, Object... args) {
        return new Problem(message, site, List.of(args));
    }

    /** What the TVM-output check found, placed at {@code site}: the check's own entry. */
    public static Problem of(Finding finding, Site site) {
        return new Problem(finding.message(), site, finding.args());
    }

    /** A file the Filer or the file system would not write. */
    public static Problem writeFailed(Site site, String file, String cause) {
        return of(Message.WRITE_FAILED, site, file, cause);
    }

    /** A header that could not be copied to {@code -Atvmbind.headerDir}. */
    public static Problem headerDirFailed(Site site, String file, Object dir, String cause) {
        return of(Message.HEADER_DIR, site, file, dir, cause);
    }

    public String text() {
        return message.text(args.toArray());
    }

    public boolean isError() {
        return message.error();
    }
}

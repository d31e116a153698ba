package dev.tvmbind.check.tvm;

import dev.tvmbind.contract.CNames;
import dev.tvmbind.contract.ElfExports;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * What kind of library a {@code .so} is, read from its dynamic symbol table without loading it
 * ({@link ElfExports}: no constructor of a file a user hands us runs in a build's JVM): a Relax
 * library exports {@code __tvm_ffi__library_bin} (the VM executable), a tvm-ffi library its
 * functions as {@code __tvm_ffi_<name>}.
 */
public enum SharedLibraryKind {
    /** A library {@code export_library} wrote: Relax functions for TVM's VM. */
    RELAX,
    /** A library exporting tvm-ffi functions ({@code __tvm_ffi_<name>}). */
    FFI,
    /** An ELF file that is neither. */
    NEITHER;

    /** Whether the file starts as an ELF file does: then it is read as a library. */
    public static boolean isElf(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return Arrays.equals(in.readNBytes(4), new byte[] {0x7f, 'E', 'L', 'F'});
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The kind of {@code library}.
     *
     * @throws UnreadableOutputException naming why it is no ELF64 little-endian shared library
     *     tvmbind can read
     */
    public static SharedLibraryKind of(Path library) throws UnreadableOutputException {
        List<String> exported = exports(library);
        return exported.contains(CNames.FFI_LIBRARY_BIN) ? RELAX
                : exported.isEmpty() ? NEITHER : FFI;
    }

    /**
     * The tvm-ffi functions {@code library} exports: the names {@code <name>} of its defined
     * {@code __tvm_ffi_<name>} symbols, tvm-ffi's own ({@code __tvm_ffi__…}) left out, in the
     * order of its symbol table.
     *
     * @throws UnreadableOutputException as {@link #of}
     */
    public static List<String> ffiFunctions(Path library) throws UnreadableOutputException {
        String prefix = CNames.ffiFunction("");
        return exports(library).stream().filter(s -> !s.startsWith(prefix + "_"))
                .map(s -> s.substring(prefix.length())).toList();
    }

    private static List<String> exports(Path library) throws UnreadableOutputException {
        try {
            return ElfExports.withPrefix(library, CNames.ffiFunction(""));
        } catch (IllegalArgumentException e) {
            throw new UnreadableOutputException(e.getMessage());
        } catch (IOException e) {
            throw new UnreadableOutputException("cannot read it", e);
        }
    }
}

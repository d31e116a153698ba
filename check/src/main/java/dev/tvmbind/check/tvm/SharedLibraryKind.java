package dev.tvmbind.check.tvm;

import dev.tvmbind.contract.CNames;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * What kind of library a {@code .so} is, read from its dynamic symbol table without loading it
 * (no constructor of a file a user hands us runs in a build's JVM): a Relax library exports
 * {@code __tvm_ffi__library_bin} (the VM executable), a tvm-ffi library its functions as {@code
 * __tvm_ffi_<name>}. ELF64 little-endian only, the layout of the machines tvmbind runs on; every
 * offset and size is checked against the file before it is read.
 */
public enum SharedLibraryKind {
    /** A library {@code export_library} wrote: Relax functions for TVM's VM. */
    RELAX,
    /** A library exporting tvm-ffi functions ({@code __tvm_ffi_<name>}). */
    FFI,
    /** An ELF file that is neither. */
    NEITHER;

    private static final int SHT_DYNSYM = 11;
    private static final int SECTION_HEADER = 64;
    private static final int SYMBOL = 24;
    /** Larger symbol or string tables than this are not read (the largest seen are ~1 MB). */
    private static final long MAX_TABLE = 64L << 20;

    /** Whether the file starts as an ELF file does: then it is read as a library. */
    public static boolean isElf(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer magic = read(channel, 0, 4);
            return magic.getInt(0) == 0x464c457f;
        } catch (IOException | UnreadableOutputException e) {
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

    /** Every defined dynamic symbol that starts with {@code __tvm_ffi_}. */
    private static List<String> exports(Path library) throws UnreadableOutputException {
        try (FileChannel channel = FileChannel.open(library, StandardOpenOption.READ)) {
            ByteBuffer header = read(channel, 0, 64);
            if (header.getInt(0) != 0x464c457f) {
                throw new UnreadableOutputException("it is not an ELF file (a shared library)");
            }
            if (header.get(4) != 2 || header.get(5) != 1) {
                throw new UnreadableOutputException("it is not a 64-bit little-endian ELF file");
            }
            if (header.getShort(16) != 3) {
                throw new UnreadableOutputException("it is an ELF file, but not a shared library");
            }
            long sections = header.getLong(0x28);
            int count = Short.toUnsignedInt(header.getShort(0x3C));
            ByteBuffer table = read(channel, sections, (long) count * SECTION_HEADER);
            for (int i = 0; i < count; i++) {
                int at = i * SECTION_HEADER;
                if (table.getInt(at + 4) == SHT_DYNSYM) {
                    int link = table.getInt(at + 0x28);
                    if (link < 0 || link >= count) {
                        throw new UnreadableOutputException("its symbol table names no strings");
                    }
                    int strings = link * SECTION_HEADER;
                    return exports(read(channel, table.getLong(at + 0x18), table.getLong(at + 0x20)),
                            read(channel, table.getLong(strings + 0x18),
                                    table.getLong(strings + 0x20)));
                }
            }
            return List.of();
        } catch (IOException e) {
            throw new UnreadableOutputException("cannot read it", e);
        }
    }

    private static List<String> exports(ByteBuffer symbols, ByteBuffer strings) {
        byte[] prefix = CNames.ffiFunction("").getBytes(StandardCharsets.US_ASCII);
        List<String> names = new ArrayList<>();
        for (int at = 0; at + SYMBOL <= symbols.limit(); at += SYMBOL) {
            int name = symbols.getInt(at);
            boolean defined = symbols.getShort(at + 6) != 0;
            if (defined && name > 0 && name < strings.limit()
                    && startsWith(strings, name, prefix)) {
                int end = name;
                while (end < strings.limit() && strings.get(end) != 0 && end - name < 4096) {
                    end++;
                }
                byte[] text = new byte[end - name];
                strings.get(name, text);
                names.add(new String(text, StandardCharsets.US_ASCII));
            }
        }
        return names;
    }

    /** Whether the string at {@code at} starts with {@code prefix}. */
    private static boolean startsWith(ByteBuffer strings, int at, byte[] prefix) {
        if (at + prefix.length > strings.limit()) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (strings.get(at + i) != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static ByteBuffer read(FileChannel channel, long offset, long size)
            throws IOException, UnreadableOutputException {
        if (offset < 0 || size < 0 || size > MAX_TABLE || offset > channel.size() - size) {
            throw new UnreadableOutputException("it ends before the table at offset " + offset
                    + " (" + size + " bytes) that its header names: truncated or not a library");
        }
        ByteBuffer buffer = ByteBuffer.allocate((int) size).order(ByteOrder.LITTLE_ENDIAN);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, offset + buffer.position()) < 0) {
                throw new UnreadableOutputException("it ends early (truncated?)");
            }
        }
        return buffer.flip();
    }
}

package dev.tvmbind.contract;

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
 * The symbols an ELF shared library defines, read from its dynamic symbol table without loading
 * it: what a library exports, for the build (is it a Relax library, a tvm-ffi one; which functions)
 * and for the runtime's messages (the names nearest to one missing). ELF64 little-endian only,
 * the layout of the machines tvmbind runs on; every offset and size is checked against the file
 * before it is read, and tables are bounded.
 */
public final class ElfExports {
    private ElfExports() {}

    private static final int SHT_DYNSYM = 11;
    private static final int SECTION_HEADER = 64;
    private static final int SYMBOL = 24;
    /** Larger symbol or string tables than this are not read (the largest seen are ~1 MB). */
    private static final long MAX_TABLE = 64L << 20;
    /** Longer names than this are not read whole. */
    private static final int MAX_NAME = 4096;

    /**
     * The defined dynamic symbols of {@code library} that start with {@code prefix}, in the order
     * of its symbol table.
     *
     * @throws IllegalArgumentException saying why it is no ELF64 little-endian shared library
     * @throws IOException when it cannot be read
     */
    public static List<String> withPrefix(Path library, String prefix) throws IOException {
        try (FileChannel channel = FileChannel.open(library, StandardOpenOption.READ)) {
            if (channel.size() < 4 || read(channel, 0, 4).getInt(0) != 0x464c457f) {
                throw new IllegalArgumentException("it is not an ELF file (a shared library)");
            }
            ByteBuffer header = read(channel, 0, 64);
            if (header.get(4) != 2 || header.get(5) != 1) {
                throw new IllegalArgumentException("it is not a 64-bit little-endian ELF file");
            }
            if (header.getShort(16) != 3) {
                throw new IllegalArgumentException("it is an ELF file, but not a shared library");
            }
            long sections = header.getLong(0x28);
            int count = Short.toUnsignedInt(header.getShort(0x3C));
            ByteBuffer table = read(channel, sections, (long) count * SECTION_HEADER);
            for (int i = 0; i < count; i++) {
                int at = i * SECTION_HEADER;
                if (table.getInt(at + 4) == SHT_DYNSYM) {
                    int link = table.getInt(at + 0x28);
                    if (link < 0 || link >= count) {
                        throw new IllegalArgumentException("its symbol table names no strings");
                    }
                    int strings = link * SECTION_HEADER;
                    return names(read(channel, table.getLong(at + 0x18), table.getLong(at + 0x20)),
                            read(channel, table.getLong(strings + 0x18),
                                    table.getLong(strings + 0x20)), prefix);
                }
            }
            return List.of();
        }
    }

    private static List<String> names(ByteBuffer symbols, ByteBuffer strings, String prefix) {
        byte[] wanted = prefix.getBytes(StandardCharsets.US_ASCII);
        List<String> names = new ArrayList<>();
        for (int at = 0; at + SYMBOL <= symbols.limit(); at += SYMBOL) {
            int name = symbols.getInt(at);
            boolean defined = symbols.getShort(at + 6) != 0;
            if (defined && name > 0 && name < strings.limit() && startsWith(strings, name, wanted)) {
                int end = name;
                while (end < strings.limit() && strings.get(end) != 0 && end - name < MAX_NAME) {
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
            throws IOException {
        if (offset < 0 || size < 0 || size > MAX_TABLE || offset > channel.size() - size) {
            throw new IllegalArgumentException("it ends before the table at offset " + offset
                    + " (" + size + " bytes) that its header names: truncated or not a library");
        }
        ByteBuffer buffer = ByteBuffer.allocate((int) size).order(ByteOrder.LITTLE_ENDIAN);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, offset + buffer.position()) < 0) {
                throw new IllegalArgumentException("it ends early (truncated?)");
            }
        }
        return buffer.flip();
    }
}

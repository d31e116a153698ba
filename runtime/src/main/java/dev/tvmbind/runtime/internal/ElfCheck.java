package dev.tvmbind.runtime.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Optional;

/**
 * What glibc's loader would map of an ELF shared library, checked against the file before
 * {@code dlopen} sees it: the loader maps each loadable segment by its offset and size without
 * comparing them with the file's length, so a truncated library faults inside {@code ld.so} (SIGBUS,
 * and the JVM dies with it). A file for another machine, byte order or word size is refused here
 * too, with a reason instead of the loader's "No such file or directory". Only on Linux, where
 * the loader is ELF's; a file that changes between this check and the load is not covered.
 */
final class ElfCheck {
    private ElfCheck() {}

    private static final int HEADER = 64;
    private static final int PROGRAM_HEADER = 56;
    private static final int SECTION_HEADER = 64;
    private static final int ET_DYN = 3;
    private static final int PT_LOAD = 1;
    private static final int PT_DYNAMIC = 2;
    /** More program headers than any linker writes: the table is read whole. */
    private static final int MAX_PROGRAM_HEADERS = 4096;

    /** Whether the dynamic loader is glibc's or another ELF loader: Linux. */
    static final boolean APPLIES =
            System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux");

    /**
     * Why a file cannot be a shared library for this JVM (no ELF file at all, or an ELF file the
     * loader would fault on or refuse), or empty when the loader may map it.
     */
    static Optional<String> problem(Path library) throws IOException {
        try (FileChannel file = FileChannel.open(library, StandardOpenOption.READ)) {
            long size = file.size();
            ByteBuffer header = read(file, 0, (int) Math.min(HEADER, size));
            if (header.remaining() < 4 || header.get(0) != 0x7f || header.get(1) != 'E'
                    || header.get(2) != 'L' || header.get(3) != 'F') {
                // Refused here, not by the loader: HotSpot warns about the stack guard on stderr
                // when a dlopen fails, before tvmbind can say why.
                return Optional.of("it is not a shared library (it does not begin as an ELF, Mach-O"
                        + " or PE file does); build the model's C into one, e.g. gcc -shared"
                        + " -fPIC");
            }
            if (header.remaining() < HEADER) {
                return truncated(size, HEADER, "the ELF header");
            }
            if (header.get(4) != 2) {
                return Optional.of("it is a 32-bit ELF file, and this JVM is 64-bit");
            }
            boolean little = header.get(5) == 1;
            if (little != (ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN)) {
                return Optional.of("its byte order is not this machine's");
            }
            header.order(ByteOrder.nativeOrder());
            if (header.getShort(16) != ET_DYN) {
                return Optional.of("it is an ELF file but not a shared library (type "
                        + header.getShort(16) + "); link it with -shared");
            }
            int machine = Short.toUnsignedInt(header.getShort(18));
            Optional<Integer> ours = thisMachine();
            if (ours.isPresent() && machine != ours.get()) {
                return Optional.of("it is built for another machine (ELF machine " + machine
                        + "; this JVM runs on " + System.getProperty("os.arch") + ", machine "
                        + ours.get() + "); build it for this one");
            }
            long programOffset = header.getLong(32);
            long sectionOffset = header.getLong(40);
            int programEntry = Short.toUnsignedInt(header.getShort(54));
            int programCount = Short.toUnsignedInt(header.getShort(56));
            int sectionEntry = Short.toUnsignedInt(header.getShort(58));
            int sectionCount = Short.toUnsignedInt(header.getShort(60));
            if (programEntry != PROGRAM_HEADER || programCount == 0
                    || programCount > MAX_PROGRAM_HEADERS) {
                return Optional.of("its ELF header describes no valid program header table");
            }
            long programEnd = end(programOffset, (long) programCount * PROGRAM_HEADER);
            if (programEnd > size) {
                return truncated(size, programEnd, "the program header table");
            }
            if (sectionCount > 0 && sectionEntry == SECTION_HEADER) {
                long sectionEnd = end(sectionOffset, (long) sectionCount * SECTION_HEADER);
                if (sectionEnd > size) {
                    return truncated(size, sectionEnd, "the section header table");
                }
            }
            ByteBuffer programs = read(file, programOffset, programCount * PROGRAM_HEADER)
                    .order(ByteOrder.nativeOrder());
            for (int i = 0; i < programCount; i++) {
                int at = i * PROGRAM_HEADER;
                int type = programs.getInt(at);
                if (type != PT_LOAD && type != PT_DYNAMIC) {
                    continue;
                }
                long segmentEnd = end(programs.getLong(at + 8), programs.getLong(at + 32));
                if (segmentEnd > size) {
                    return truncated(size, segmentEnd, (type == PT_LOAD ? "loadable" : "dynamic")
                            + " segment " + i);
                }
            }
            return Optional.empty();
        }
    }

    private static Optional<String> truncated(long size, long needed, String what) {
        return Optional.of("it is truncated or damaged: " + what + " ends at byte "
                + (needed == Long.MAX_VALUE ? "beyond any file" : Long.toString(needed))
                + ", but the file has " + size + " bytes; the dynamic loader would fault on it"
                + " (copy or build the library again)");
    }

    /** offset + length, or {@code Long.MAX_VALUE} where that overflows or either is negative. */
    private static long end(long offset, long length) {
        if (offset < 0 || length < 0 || offset > Long.MAX_VALUE - length) {
            return Long.MAX_VALUE;
        }
        return offset + length;
    }

    private static ByteBuffer read(FileChannel file, long at, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining() && file.read(buffer, at + buffer.position()) >= 0) {
            // read until full or the end of the file
        }
        return buffer.flip();
    }

    /** ELF's e_machine for the JVM's architecture, where known. */
    private static Optional<Integer> thisMachine() {
        return switch (System.getProperty("os.arch", "")) {
            case "amd64", "x86_64" -> Optional.of(62);
            case "aarch64" -> Optional.of(183);
            case "riscv64" -> Optional.of(243);
            case "ppc64le", "ppc64" -> Optional.of(21);
            case "s390x" -> Optional.of(22);
            case "loongarch64" -> Optional.of(258);
            default -> Optional.empty();
        };
    }
}

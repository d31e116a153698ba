package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.runtime.internal.Arguments;
import dev.tvmbind.runtime.internal.shared.Diagnostics;
import dev.tvmbind.runtime.internal.NativeAccess;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The handshake with a {@code libtvm_ffi}: the C ABI version it reports
 * ({@code TVMFFIGetVersion}), read once per runtime before its first use. tvmbind reads tvm-ffi's
 * structs by their layout of ABI 0.1: a runtime of another major.minor is refused, naming the
 * library, the version and the tested range, unless {@code -Dtvmbind.ffi.abi=<major.minor>} names
 * that version (then one warning on the {@code dev.tvmbind} logger). A patch outside the
 * tested range is accepted; a runtime without {@code TVMFFIGetVersion} counts as older than tested.
 */
final class FfiVersion {
    private FfiVersion() {}

    /** The ABI tvmbind reads: 0.1, tested from apache-tvm-ffi 0.1.14.post0 to 0.1.15.post2. */
    static final String TESTED = "0.1";
    static final String TESTED_RANGE = "0.1.14 to 0.1.16";
    /** Names another major.minor to load anyway. */
    static final String PROPERTY = "tvmbind.ffi.abi";

    /** The version each runtime reported, by the address of its {@code TVMFFIGetVersion}. */
    private static final Map<Long, String> CHECKED = new ConcurrentHashMap<>();
    /** The versions loaded anyway, each warned of once. */
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    /**
     * Checks the runtime {@code library} links.
     *
     * @param named how messages name the library
     * @throws dev.tvmbind.runtime.UnreadableLibraryError for a runtime of another ABI
     */
    static void check(NativeAccess.Vouched library, String named) {
        Path file = library.fileOrNull();
        Optional<MemorySegment> get = library.find(FfiCApi.Function.GET_VERSION.symbol);
        if (get.isEmpty()) {
            refuse(named, file, "a libtvm_ffi older than tvmbind's tested ones (it lacks"
                    + " TVMFFIGetVersion)", "0.0");
            return;
        }
        String version = CHECKED.computeIfAbsent(get.get().address(), address -> read(library));
        String majorMinor = version.substring(0, version.lastIndexOf('.'));
        if (!majorMinor.equals(TESTED)) {
            refuse(named, file, "libtvm_ffi of C ABI " + version, majorMinor);
        }
    }

    private static void refuse(String named, Path file, String what,
            String majorMinor) {
        String allow = "-D" + PROPERTY + "=" + majorMinor;
        if (majorMinor.equals(System.getProperty(PROPERTY))) {
            if (WARNED.add(majorMinor)) {
                Diagnostics.LOGGER.log(System.Logger.Level.WARNING,
                        named + " links " + what + "; tvmbind is tested with C ABI "
                                + TESTED_RANGE + " and reads it as such because " + allow
                                + " is set");
            }
            return;
        }
        throw PublicTypes.unreadable("cannot load " + named + ": it links " + what
                + ", and tvmbind reads tvm-ffi's C ABI " + TESTED + " (tested with "
                + TESTED_RANGE + "); install apache-tvm-ffi 0.1.x, or set " + allow
                + " to load it anyway", file == null ? Path.of("") : file);
    }

    private static String read(NativeAccess.Vouched library) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment version = arena.allocate(12, 4);
            FfiCApi.Function getVersion = FfiCApi.Function.GET_VERSION;
            getVersion.link(library.find(getVersion.symbol).orElseThrow()).invokeExact(version);
            return Integer.toUnsignedString(version.get(ValueLayout.JAVA_INT, 0)) + "."
                    + Integer.toUnsignedString(version.get(ValueLayout.JAVA_INT, 4)) + "."
                    + Integer.toUnsignedString(version.get(ValueLayout.JAVA_INT, 8));
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }
}

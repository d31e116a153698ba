package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.contract.CNames;
import dev.tvmbind.runtime.internal.Libraries;
import dev.tvmbind.runtime.internal.NativeAccess;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a tvm-ffi library's functions say of themselves, for {@code describe}: each one's metadata
 * text ({@code __tvm_ffi__metadata_<name>}), or why it has none. The library is loaded for the
 * process's life (in the child JVM that reads it for a build, never in the build's).
 */
public final class FfiMetadataReader {
    private FfiMetadataReader() {}

    /**
     * One function's metadata.
     *
     * @param text the text its metadata function returned, when it has one
     * @param why why it has none, where empty
     */
    public record Entry(Optional<String> text, Optional<String> why) {}

    /**
     * The metadata of the functions {@code names} (exported as {@code __tvm_ffi_<name>}).
     *
     * @throws IllegalCallerException when the caller's module has no native access
     * @throws dev.tvmbind.runtime.UnreadableLibraryError when it cannot be loaded
     */
    public static Map<String, Entry> read(Path library, List<String> names) {
        NativeAccess.requireCaller(null, "open the library " + library);
        FfiRuntime.beforeLoad();
        NativeAccess.Vouched lookup = Libraries.open(library, Arena.global(), null);
        String named = "the library " + library.toAbsolutePath();
        FfiLibrary ffi = FfiLibrary.of(lookup, named);
        Map<String, Entry> entries = new LinkedHashMap<>();
        for (String name : names) {
            FfiSchema.Metadata metadata = FfiSchema.metadata(lookup, ffi, CNames.ffiFunction(name));
            entries.put(name, new Entry(metadata.text(), metadata.text().isPresent()
                    ? Optional.empty() : metadata.unchecked().unchecked()));
        }
        return entries;
    }
}

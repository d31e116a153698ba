package dev.tvmbind.processor.model;

import java.util.Optional;

/**
 * What TVM's generated C ({@code codegen/host/src/*.c}) says about whether a model's run may
 * execute concurrently.
 *
 * @param read whether the output had generated C to read (a lone header has none)
 * @param staticFile the file that declares a writable static array, if one does
 * @param staticArray that array: a workspace every run of the loaded library shares
 * @param allocatesWorkspace whether the C calls {@code TVMBackendAllocWorkspace}, as reentrant as
 *     the platform that implements it
 */
public record TvmCode(boolean read, Optional<String> staticFile, Optional<String> staticArray,
        boolean allocatesWorkspace) {
    /** Nothing known: no generated C was read. */
    public static final TvmCode UNKNOWN = new TvmCode(false, Optional.empty(), Optional.empty(),
            false);

    /** This, and what {@code file} holds; the first static array found is kept. */
    public TvmCode and(String file, Optional<String> array, boolean allocates) {
        boolean first = staticArray.isEmpty() && array.isPresent();
        return new TvmCode(true, first ? Optional.of(file) : staticFile,
                first ? array : staticArray, allocatesWorkspace || allocates);
    }
}

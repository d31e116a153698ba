package dev.tvmbind.check.tvm;

import java.util.Optional;

/**
 * What TVM's generated C ({@code codegen/host/src/*.c}) says about whether a model's run may
 * execute concurrently.
 *
 * @param staticWorkspace the first writable static array, a workspace every run of the loaded
 *     library shares, if the C declares one
 * @param allocatesWorkspace whether the C calls {@code TVMBackendAllocWorkspace}, as reentrant as
 *     the platform that implements it
 */
public record TvmCode(Optional<StaticArray> staticWorkspace, boolean allocatesWorkspace) {
    /** Nothing found, or no generated C read (a lone header has none). */
    public static final TvmCode UNKNOWN = new TvmCode(Optional.empty(), false);

    /**
     * A writable static array of TVM's C.
     *
     * @param file the source that declares it, as messages name it
     * @param name the array
     */
    public record StaticArray(String file, String name) {}

    /** This, and what {@code file} holds; the first static array found is kept. */
    public TvmCode and(String file, Optional<String> array, boolean allocates) {
        return new TvmCode(staticWorkspace.or(() -> array.map(a -> new StaticArray(file, a))),
                allocatesWorkspace || allocates);
    }
}

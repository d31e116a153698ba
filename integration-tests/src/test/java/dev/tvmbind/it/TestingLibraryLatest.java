package dev.tvmbind.it;

import dev.tvmbind.Global;
import dev.tvmbind.TvmFfi;
import dev.tvmbind.runtime.ffi.FfiObject;

/** The one function of the wheel's {@code libtvm_ffi_testing} that 0.1.14 lacks. */
@TvmFfi
public interface TestingLibraryLatest {
    @Global("testing.make_visit_region_graph")
    FfiObject visitRegionGraph(boolean flag);
}

package dev.tvmbind.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tvmbind.TensorRole;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CNamesTest {
    private static final String CAT = CNames.model("tvmgen", "ultimate_cat_spotter");

    @Test
    void composesAsTvmDoes() {
        assertEquals("tvmgen_ultimate_cat_spotter", CAT);
        assertEquals("tvmgen_ultimate_cat_spotter_run", CNames.symbol(CAT, "run"));
        assertEquals("tvmgen_ultimate_cat_spotter.h", CNames.headerFile(CAT));
        assertEquals("TVMGEN_ULTIMATE_CAT_SPOTTER_H_", CNames.includeGuard(CAT));
        assertEquals("tvmgen_ultimate_cat_spotter_workspace_pools",
                CNames.struct(CAT, TensorRole.WORKSPACE_POOL));
        assertEquals("TVMGEN_ULTIMATE_CAT_SPOTTER_STATEFULPARTITIONEDCALL_0_SIZE",
                CNames.tensorSizeMacro(CAT, "StatefulPartitionedCall_0"));
        assertEquals("TVMGEN_ULTIMATE_CAT_SPOTTER_SRAM_WORKSPACE_POOL_SIZE",
                CNames.poolSizeMacro(CAT, "sram"));
        assertEquals("TVMGEN_ULTIMATE_CAT_SPOTTER_WORKSPACE_SIZE", CNames.workspaceSizeMacro(CAT));
    }

    @Test
    void customPrefixReplacesTvmgen() {
        String acme = CNames.model("acme", "kws");
        assertEquals("acme_kws_run", CNames.symbol(acme, "run"));
        assertEquals("ACME_KWS_H_", CNames.includeGuard(acme));
    }

    @Test
    void ffiFunctionsAndTheirSchemasAsTvmFfiExportsThem() {
        assertEquals("__tvm_ffi_add_one", CNames.ffiFunction("add_one"));
        assertEquals(Optional.of("__tvm_ffi__metadata_add_one"),
                CNames.ffiMetadata("__tvm_ffi_add_one"));
        assertEquals(Optional.empty(), CNames.ffiMetadata("testing.add_one"));
    }
}

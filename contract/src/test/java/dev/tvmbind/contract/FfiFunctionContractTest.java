package dev.tvmbind.contract;

import static dev.tvmbind.contract.FfiFunctionContract.parameter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** A binding's typed statement of a function reads as the method and symbol Java and C name. */
class FfiFunctionContractTest {
    @Test
    void anExportedAndAGlobalFunctionNameTheirMethodAndSymbol() {
        FfiFunctionContract add = FfiFunctionContract.exported("add", "add", FfiType.Plain.LONG,
                parameter("a", FfiType.Plain.LONG), parameter("b", FfiType.Plain.LONG));
        FfiFunctionContract string = FfiFunctionContract.global("text", "ffi.String",
                FfiType.Plain.STRING, parameter("s", FfiType.Plain.STRING));
        assertEquals("__tvm_ffi_add", add.symbol());
        assertEquals("long add(long a, long b)", add.method());
        assertEquals("global:ffi.String", string.symbol());
        assertEquals("String text(String s)", string.method());
    }

    @Test
    void typesSpellThemselvesForJavaAndCpp() {
        FfiType.Callback op = FfiType.callback("golden.Kernels.Op", "call",
                FfiType.Plain.LONG,
                FfiType.Plain.LONG, FfiType.Plain.TENSOR);
        FfiType group = FfiType.mapOf(FfiType.Plain.STRING, FfiType.listOf(FfiType.Plain.LONG));
        FfiFunctionContract f = FfiFunctionContract.exported("f", "f",
                FfiType.optionalOf(FfiType.Plain.INT), parameter("op", op),
                parameter("x", FfiType.Plain.OWNED_TENSOR), parameter("g", group));
        assertEquals("Optional<Integer> f(Op op, @TvmFfi.Owned Tensor x,"
                + " Map<String,List<Long>> g)", f.method());
        assertEquals("Long(Long,Tensor)", op.toString());
        assertEquals("tvm::ffi::TypedFunction<int64_t(int64_t, tvm::ffi::Tensor)>", op.cppType());
        assertEquals("tvm::ffi::Map<tvm::ffi::String, tvm::ffi::Array<int64_t>>",
                group.cppType());
        assertEquals("tvm::ffi::TensorView", FfiType.Plain.TENSOR.cppType());
        assertEquals("tvm::ffi::Tensor", FfiType.Plain.TENSOR.cppHeldType());
    }

    @Test
    void plainTypesAreFoundByTheirJavaNames() {
        assertEquals(FfiType.Plain.LONG, FfiType.plainOf("long", false));
        assertEquals(FfiType.Plain.LONG, FfiType.plainOf("java.lang.Long", true));
        assertEquals(FfiType.Plain.TENSOR, FfiType.plainOf("dev.tvmbind.runtime.ffi.Tensor",
                true));
        assertNull(FfiType.plainOf("java.lang.Long", false));
        assertNull(FfiType.plainOf("char", false));
    }
}

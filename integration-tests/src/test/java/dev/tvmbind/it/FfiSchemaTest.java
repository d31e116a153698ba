package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.runtime.ffi.FfiFunction;
import dev.tvmbind.runtime.ffi.SchemaMismatchError;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * SPEC §13's load-time check: a library built with {@code -DTVM_FFI_DLL_EXPORT_INCLUDE_METADATA=1}
 * exports each function's type schema, compared with the Java method before any call; without
 * metadata the same interface loads unchecked, and the callee's own check answers at the call.
 */
class FfiSchemaTest {
    @Test
    void anInterfaceThatAgreesWithTheSchemasLoadsAndCalls() throws Exception {
        FfiTypes types = FfiTypesBinding.load(FfiLibraries.of("ffi_types", true));
        assertEquals(42, types.addInts(40, 2));
        assertEquals("hello, schema!", types.greet("schema"));
        // The loaded binding says what was checked, and against what.
        List<FfiFunction> functions = FfiTypesBinding.functions(types);
        assertEquals(FfiTypesBinding.INFO.size(), functions.size());
        assertTrue(functions.stream().allMatch(FfiFunction::checked), functions::toString);
        assertEquals("long addInts(long a, long b) -> __tvm_ffi_add_ints, checked against"
                + " [int, int] -> int", functions.getFirst().toString());
        assertEquals(Optional.of("[DLTensor*] -> float"), functions.getLast().schema());
        FfiTensorFunctions tensors = FfiTensorFunctionsBinding.load(FfiLibraries.of("ffi_types",
                true));
        assertEquals(List.of("[ffi.Tensor] -> float", "[DLTensor*] -> float",
                "[ffi.Tensor] -> int", "[] -> float", "[] -> None", "[int] -> ffi.Tensor",
                "[] -> int", "[ffi.Tensor] -> ffi.Tensor", "[DLTensor*] -> ffi.String",
                "[int] -> ffi.Tensor", "[int] -> ffi.Tensor", "[int] -> ffi.Tensor",
                "[DLTensor*] -> int"),
                FfiTensorFunctionsBinding.functions(tensors).stream()
                        .map(f -> f.schema().orElseThrow()).toList());
    }

    @Test
    void withoutMetadataEveryFunctionLoadsUncheckedAndINFOListsThemAsDeclared() throws Exception {
        FfiTypes types = FfiTypesBinding.load(FfiLibraries.of("ffi_types", false));
        assertTrue(FfiTypesBinding.functions(types).stream().noneMatch(FfiFunction::checked));
        // Unchecked is visible, with why.
        assertEquals("long addInts(long a, long b) -> __tvm_ffi_add_ints, unchecked: the library"
                + " exports no __tvm_ffi__metadata_add_ints (it was built without"
                + " -DTVM_FFI_DLL_EXPORT_INCLUDE_METADATA=1; the function checks its arguments at"
                + " the call)", FfiTypesBinding.functions(types).getFirst().toString());
        assertTrue(FfiTypesBinding.INFO.stream().allMatch(f -> f.unchecked().isEmpty()));
        assertEquals("float sumFloats(Tensor x) -> __tvm_ffi_sum_floats",
                FfiTypesBinding.INFO.getLast().toString());
        assertEquals("long keep(@TvmFfi.Owned Tensor x)",
                FfiTensorFunctionsBinding.INFO.get(2).method());
        IllegalArgumentException notOne = assertThrows(IllegalArgumentException.class,
                () -> FfiTypesBinding.functions(new FfiTypes() {
                    public long addInts(long a, long b) { return 0; }
                    public int narrow(long value) { return 0; }
                    public int wide(long value) { return 0; }
                    public double scale(double x, double by) { return 0; }
                    public boolean negate(boolean value) { return false; }
                    public String greet(String name) { return ""; }
                    public String echo(String text) { return ""; }
                    public long length(String text) { return 0; }
                    public java.lang.foreign.MemorySegment offset(
                            java.lang.foreign.MemorySegment pointer, long by) { return pointer; }
                    public void count() {}
                    public long calls() { return 0; }
                    public long fail(String message) { return 0; }
                    public float sumFloats(dev.tvmbind.runtime.ffi.Tensor x) { return 0; }
                    @Override public String toString() { return "a stand-in"; }
                }));
        assertEquals("a stand-in is not what FfiTypesBinding.load returned", notOne.getMessage());
    }

    @Test
    void aMethodThatDisagreesIsRefusedAtLoadNamingBothSignatures() throws Exception {
        Path library = FfiLibraries.of("ffi_types", true);
        SchemaMismatchError e = assertThrows(SchemaMismatchError.class,
                () -> MismatchedBinding.load(library));
        assertEquals("the library " + library.toAbsolutePath() + " disagrees with"
                + " dev.tvmbind.it.Mismatched: Mismatched.double addInts(double a, double b) does"
                + " not match __tvm_ffi_add_ints: its result is int in TVM's schema [int, int] ->"
                + " int, double in the method; Mismatched.String greet(String name, String other)"
                + " does not match __tvm_ffi_greet: it takes 1 arguments in TVM's schema"
                + " [ffi.String] -> ffi.String, the method 2", e.getMessage());
    }

    @Test
    void aShapeIsNoArrayNorAnArrayAShape() throws Exception {
        Path library = FfiLibraries.of("ffi_containers", true);
        SchemaMismatchError e = assertThrows(SchemaMismatchError.class,
                () -> ShapeMismatchedBinding.load(library));
        assertEquals("the library " + library.toAbsolutePath() + " disagrees with"
                + " dev.tvmbind.it.ShapeMismatched: ShapeMismatched.long[] range(long n) does not"
                + " match __tvm_ffi_range: its result is ffi.Array<int> in TVM's schema [int] ->"
                + " ffi.Array<int>, long[] in the method; ShapeMismatched.long shapeProduct("
                + "List<Long> shape) does not match __tvm_ffi_shape_product: argument 0 is"
                + " ffi.Shape in TVM's schema [ffi.Shape] -> int, List<Long> in the method",
                e.getMessage());
    }

    @Test
    void withoutMetadataTheSameInterfaceLoadsUncheckedAndTheCalleeAnswers() throws Exception {
        Mismatched unchecked = MismatchedBinding.load(FfiLibraries.of("ffi_types", false));
        assertEquals(3, unchecked.length("abc"));
        dev.tvmbind.runtime.ffi.TvmFfiException e = assertThrows(
                dev.tvmbind.runtime.ffi.TvmFfiException.class, () -> unchecked.addInts(1.5, 2));
        assertEquals("TypeError", e.kind());
    }

    /**
     * A library's metadata is its author's text: a schema too long, too wide or too deep is refused
     * at load, naming the function and the bound, in a message of less than 20,000 characters,
     * before a tree of it is built (a million arguments once gave a message of five million
     * characters, a 700 MB text an {@code OutOfMemoryError}).
     */
    @Test
    void aSchemaPastABoundIsRefusedNamingTheFunctionAndTheBound() throws Exception {
        Path library = FfiLibraries.of("ffi_hostile_schema", false);
        SchemaMismatchError wide = assertThrows(SchemaMismatchError.class,
                () -> HostileSchemas_WideBinding.load(library));
        assertTrue(wide.getMessage().startsWith("the type schema of __tvm_ffi_wide has more than"
                + " 1024 arguments in one type"), wide.getMessage());
        SchemaMismatchError deep = assertThrows(SchemaMismatchError.class,
                () -> HostileSchemas_DeepBinding.load(library));
        assertTrue(deep.getMessage().startsWith("the type schema of __tvm_ffi_deep nests types"
                + " deeper than 32"), deep.getMessage());
        SchemaMismatchError huge = assertThrows(SchemaMismatchError.class,
                () -> HostileSchemas_HugeBinding.load(library));
        assertTrue(huge.getMessage().startsWith("the type schema of __tvm_ffi_huge is 8388"),
                huge.getMessage());
        assertTrue(huge.getMessage().contains("bytes long, more than the 1048576 tvmbind reads of"
                + " one"), huge.getMessage());
        for (SchemaMismatchError e : List.of(wide, deep, huge)) {
            assertTrue(e.getMessage().length() < 20_000, e.getMessage().length() + " characters");
        }
    }
}

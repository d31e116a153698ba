package dev.tvmbind.it;

import dev.tvmbind.Global;
import dev.tvmbind.TvmFfi;
import dev.tvmbind.runtime.ffi.DLDataType;
import dev.tvmbind.runtime.ffi.DLDevice;
import dev.tvmbind.runtime.ffi.FfiObject;
import dev.tvmbind.runtime.ffi.Tensor;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The global functions of the wheel's {@code libtvm_ffi_testing} (all but
 * {@code testing.make_visit_region_graph}, which 0.1.14 lacks: {@link TestingLibraryLatest}), each
 * typed as its registered schema says ({@code ffi.GetGlobalFuncMetadata}), and the two of
 * tvm-ffi's own globals the suite makes objects with.
 */
@TvmFfi
public interface TestingLibrary {
    @Global("testing.add_one")
    long addOne(long x);

    @Global("testing.schema_id_int")
    long idInt(long x);

    @Global("testing.schema_id_float")
    double idFloat(double x);

    @Global("testing.schema_id_bool")
    boolean idBool(boolean x);

    @Global("testing.schema_id_string")
    String idString(String x);

    @Global("testing.schema_id_arr_int")
    List<Long> idArrInt(List<Long> x);

    @Global("testing.schema_id_arr_str")
    List<String> idArrStr(List<String> x);

    @Global("testing.schema_id_map_str_int")
    Map<String, Long> idMapStrInt(Map<String, Long> x);

    @Global("testing.schema_id_map_str_str")
    Map<String, String> idMapStrStr(Map<String, String> x);

    @Global("testing.schema_id_opt_int")
    Optional<Long> idOptInt(Optional<Long> x);

    @Global("testing.schema_id_opt_str")
    Optional<String> idOptStr(Optional<String> x);

    @Global("testing.schema_arr_map_opt")
    Map<String, List<Long>> arrMapOpt(List<Optional<Long>> values, Map<String, List<Long>> into,
            Optional<String> key);

    @Global("testing.schema_no_args")
    long noArgs();

    @Global("testing.schema_no_args_no_return")
    void noArgsNoReturn();

    @Global("testing.schema_no_return")
    void noReturn(long x);

    @Global("testing.schema_id_tensor")
    Tensor idTensor(@TvmFfi.Owned Tensor x);

    @Global("testing.schema_tensor_view_input")
    void tensorViewInput(Tensor x);

    @Global("testing.optional_tensor_view_has_value")
    boolean hasValue(Optional<Tensor> x);

    @Global("testing.echo")
    String echo(String x);

    @Global("testing.nop")
    void nop();

    @Global("testing.test_raise_error")
    void raise(String kind, String message);

    @Global("testing.schema_id_bytes")
    byte[] idBytes(byte[] x);

    @Global("testing.schema_id_device")
    DLDevice idDevice(DLDevice x);

    @Global("testing.schema_id_dtype")
    DLDataType idDtype(DLDataType x);

    /** {@code ffi.List<int>}: Java passes an array, tvm-ffi converts it, a list comes back. */
    @Global("testing.schema_id_list_int")
    List<Long> idListInt(List<Long> x);

    @Global("testing.schema_id_list_str")
    List<String> idListStr(List<String> x);

    @Global("testing.schema_id_list_obj")
    List<FfiObject> idListObj(List<FfiObject> x);

    @Global("testing.schema_id_dict_str_int")
    Map<String, Long> idDictStrInt(Map<String, Long> x);

    @Global("testing.schema_id_dict_str_str")
    Map<String, String> idDictStrStr(Map<String, String> x);

    @Global("testing.schema_id_arr")
    List<Object> idArr(List<Object> x);

    @Global("testing.schema_id_arr_obj")
    List<FfiObject> idArrObj(List<FfiObject> x);

    @Global("testing.schema_id_map")
    Map<Object, Object> idMap(Map<Object, Object> x);

    @Global("testing.schema_id_map_str_obj")
    Map<String, FfiObject> idMapStrObj(Map<String, FfiObject> x);

    @Global("testing.schema_id_object")
    FfiObject idObject(FfiObject x);

    @Global("testing.schema_id_opt_obj")
    Optional<FfiObject> idOptObj(Optional<FfiObject> x);

    @Global("testing.schema_id_any")
    Object idAny(Object x);

    @Global("testing.schema_id_variant_int_str")
    Object idVariantIntStr(Object x);

    @Global("testing.schema_variant_mix")
    Object variantMix(Object x);

    @Global("testing.schema_id_dltensor")
    void idDlTensor(Tensor x);

    @Global("testing.schema_packed")
    void packed(long a, String b);

    @Global("testing.get_add_one_c_symbol")
    long addOneCSymbol();

    @Global("testing.get_mlir_add_one_c_symbol")
    long mlirAddOneCSymbol();

    @Global("testing.run_check_signal")
    void runCheckSignal(long seconds);

    @Global("testing.object_use_count")
    long objectUseCount(FfiObject x);

    @Global("testing.make_unregistered_object")
    FfiObject makeUnregisteredObject();

    @Global("testing.enum_variant_get")
    FfiObject enumVariant(String name);

    @Global("testing.TestIntPairSum")
    long intPairSum(FfiObject pair);

    /** tvm-ffi's own: an object of a registered type, its fields set by name. */
    @Global("ffi.MakeObjectFromPackedArgs")
    FfiObject makeIntPair(String typeKey, String a, long aValue, String b, long bValue);

    @TvmFfi.Callback
    interface LongOp {
        long apply(long x);
    }

    @Global("testing.schema_id_func")
    LongOp idFunc(LongOp f);

    /** {@code ffi.Function(int, float, ffi.Function) -> None} each way, held as an object. */
    @Global("testing.schema_id_func_typed")
    FfiObject idFuncTyped(FfiObject f);

    /** {@code testing.apply(f, args…)}: calls {@code f}. */
    @Global("testing.apply")
    long apply(LongOp f, long x);

    @Global("testing.make_array_with_tensor")
    List<Tensor> arrayWithTensor(@TvmFfi.Owned Tensor t);

    @Global("testing.make_array_with_mixed")
    List<Object> arrayWithMixed(@TvmFfi.Owned Tensor t, long x);

    @Global("testing.make_nested_array_with_tensor")
    List<Object> nestedArrayWithTensor(@TvmFfi.Owned Tensor t);

    @Global("testing.make_list_with_tensor")
    List<Object> listWithTensor(@TvmFfi.Owned Tensor t, long x);

    @Global("testing.make_map_with_tensor")
    Map<String, Object> mapWithTensor(@TvmFfi.Owned Tensor t);

    @Global("testing.make_dict_with_tensor")
    Map<String, Object> dictWithTensor(@TvmFfi.Owned Tensor t);

    @Global("testing.make_empty_array_with_tensor_input")
    List<Tensor> emptyArrayWithTensorInput(@TvmFfi.Owned Tensor t);

    @Global("testing.make_nested_map_with_tensor")
    Map<String, Object> nestedMapWithTensor(@TvmFfi.Owned Tensor a, @TvmFfi.Owned Tensor b);
}

package dev.tvmbind.it;

import dev.tvmbind.Global;
import dev.tvmbind.TvmFfi;
import dev.tvmbind.runtime.ffi.Tensor;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The global functions of the wheel's {@code libtvm_ffi_testing} that tvmbind's types reach today,
 * each typed as its registered schema says ({@code ffi.GetGlobalFuncMetadata}).
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
}

package dev.tvmbind.processor.generate.c;

import dev.tvmbind.DType;
import dev.tvmbind.DeviceType;
import dev.tvmbind.contract.FfiFunctionContract;
import dev.tvmbind.contract.FfiTensorShape;
import dev.tvmbind.processor.model.FfiSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The C++ side of a function's declared tensors ({@code @Shape}): an inline wrapper the export
 * macro exports in place of the user's definition, which checks the declared parameters as the
 * Java binding does, with the same message, and raises tvm-ffi's {@code ValueError} before the
 * definition runs; so a Python or C++ caller that passes an {@code int32} tensor, or a short
 * output, to a kernel that checks nothing is refused too. Results are the definition's own.
 */
final class FfiShapeCheckWriter {
    private FfiShapeCheckWriter() {}

    /** The helpers every wrapper calls, once per translation unit whatever the headers. */
    static final String HELPERS = """
            #ifndef TVMBIND_FFI_SHAPE_CHECKS_
            #define TVMBIND_FFI_SHAPE_CHECKS_
            #include <string>

            namespace tvmbind_ffi {
            // Refuses a declared tensor with the message the Java binding gives.
            template <typename T>
            [[noreturn]] inline void refuse(const char* method, const char* what,
                                            const char* declared, const std::string& why,
                                            const T& tensor) {
              std::string shape;
              for (int32_t i = 0; i < tensor.ndim(); ++i) {
                shape += (i ? ", " : "") + std::to_string(tensor.size(i));
              }
              TVM_FFI_THROW(ValueError) << method << ": " << what << " must be " << declared
                                        << " but " << why << " ("
                                        << std::string(tvm::ffi::DLDataTypeToString(tensor.dtype())) << "["
                                        << shape << "])";
            }
            inline bool is(DLDataType dtype, int code, int bits) {
              return dtype.code == code && dtype.bits == bits && dtype.lanes == 1;
            }
            // A device as the Java binding prints it: cuda_host:0.
            inline std::string device(DLDevice device) {
              std::string name;
              switch (device.device_type) {
            %s
                default: name = "device" + std::to_string(device.device_type);
              }
              return name + ":" + std::to_string(device.device_id);
            }
            // A tensor's strides as the Java binding prints them: [1, 3].
            template <typename T>
            inline std::string strides(const T& tensor) {
              std::string out = "[";
              for (int32_t i = 0; i < tensor.ndim(); ++i) {
                out += (i ? ", " : "") + std::to_string(tensor.strides()[i]);
              }
              return out + "]";
            }
            }  // namespace tvmbind_ffi
            #endif  // TVMBIND_FFI_SHAPE_CHECKS_

            """.formatted(Arrays.stream(DeviceType.values()).map(d -> "    case " + d.code()
                    + ": name = \"" + d.tvmName() + "\"; break;").collect(Collectors.joining("\n")));

    /** Whether a function has declared parameters to check. */
    static boolean checks(FfiSpec.Function function) {
        return function.parameters().stream().anyMatch(p -> p.shape().isPresent());
    }

    /** The wrapper's name: what the export macro exports for {@code cpp}. */
    static String wrapper(String cpp) {
        return cpp + "_tvmbind_checked";
    }

    /** The wrapper of {@code cpp}, the user's definition of {@code function}. */
    static String write(FfiSpec.Function function, String cpp) {
        FfiFunctionContract contract = function.contract();
        List<String> parameters = new ArrayList<>();
        List<String> arguments = new ArrayList<>();
        for (int i = 0; i < function.parameters().size(); i++) {
            parameters.add(function.parameters().get(i).type().cppType() + " a" + i);
            arguments.add("a" + i);
        }
        StringBuilder out = new StringBuilder();
        out.append("// ").append(function.javaName()).append("'s declared tensors, checked before ")
                .append(cpp).append(" runs: what the Java binding checks, for any caller.\n")
                .append("inline ").append(function.result().cppHeldType()).append(" ")
                .append(wrapper(cpp)).append("(").append(String.join(", ", parameters))
                .append(") {\n");
        // Declared tensors in order, as FfiTensorCheck numbers them: (parameter index, shape).
        List<Integer> declared = new ArrayList<>();
        for (int i = 0; i < contract.parameters().size(); i++) {
            if (contract.parameters().get(i).shape().isPresent()) {
                declared.add(i);
            }
        }
        for (int t = 0; t < declared.size(); t++) {
            int p = declared.get(t);
            FfiFunctionContract.Parameter parameter = contract.parameters().get(p);
            FfiTensorShape shape = parameter.shape().orElseThrow();
            String refuse = "tvmbind_ffi::refuse(\"" + function.javaName() + "\", \"parameter "
                    + parameter.name() + "\", \"" + shape + "\", ";
            String a = "a" + p;
            shape.dtype().ifPresent(dtype -> out.append("  if (!tvmbind_ffi::is(").append(a)
                    .append(".dtype(), ").append(code(dtype)).append(", ")
                    .append(8 * dtype.bytes()).append(")) ").append(refuse)
                    .append("\"is \" + std::string(tvm::ffi::DLDataTypeToString(").append(a)
                    .append(".dtype())), ").append(a).append(");\n"));
            int rank = shape.dims().size();
            out.append("  if (").append(a).append(".ndim() != ").append(rank).append(") ")
                    .append(refuse).append("\"has \" + std::to_string(").append(a)
                    .append(".ndim()) + \" dimensions\", ").append(a).append(");\n");
            for (int axis = 0; axis < rank; axis++) {
                String size = a + ".size(" + axis + ")";
                if (!shape.symbolic(axis)) {
                    out.append("  if (").append(size).append(" != ").append(shape.dims().get(axis))
                            .append(") ").append(refuse).append("\"its dimension ").append(axis)
                            .append(" is \" + std::to_string(").append(size).append("), ")
                            .append(a).append(");\n");
                    continue;
                }
                int[] fixer = firstOf(contract, declared, t, axis);
                if (fixer == null) {
                    continue;
                }
                String name = shape.dims().get(axis);
                String fixed = "a" + declared.get(fixer[0]) + ".size(" + fixer[1] + ")";
                out.append("  if (").append(size).append(" != ").append(fixed).append(") ")
                        .append(refuse).append("\"its dimension ").append(axis).append(" ('")
                        .append(name).append("') is \" + std::to_string(").append(size)
                        .append(") + \", where parameter ").append(contract.parameters()
                                .get(declared.get(fixer[0])).name()).append(" fixed ")
                        .append(name).append(" = \" + std::to_string(").append(fixed)
                        .append("), ").append(a).append(");\n");
            }
            if (!shape.devices().isEmpty()) {
                out.append("  if (").append(String.join(" && ", shape.devices().stream()
                        .map(d -> a + ".device().device_type != " + d.code()).toList()))
                        .append(") ").append(refuse).append("\"is on \" + tvmbind_ffi::device(")
                        .append(a).append(".device()), ").append(a).append(");\n");
            }
            if (shape.contiguous()) {
                out.append("  if (!").append(a).append(".IsContiguous()) ").append(refuse)
                        .append("\"its strides are \" + tvmbind_ffi::strides(").append(a)
                        .append("), ").append(a).append(");\n");
            }
        }
        out.append("  return ").append(cpp).append("(").append(String.join(", ", arguments))
                .append(");\n}\n\n");
        return out.toString();
    }

    /** The declared tensor and axis where {@code t}'s symbolic {@code axis} first appears. */
    private static int[] firstOf(FfiFunctionContract contract, List<Integer> declared, int t,
            int axis) {
        String name = shape(contract, declared, t).dims().get(axis);
        for (int u = 0; u <= t; u++) {
            FfiTensorShape other = shape(contract, declared, u);
            for (int b = 0; b < other.dims().size(); b++) {
                if (u == t && b == axis) {
                    return null;
                }
                if (other.symbolic(b) && other.dims().get(b).equals(name)) {
                    return new int[] {u, b};
                }
            }
        }
        return null;
    }

    private static FfiTensorShape shape(FfiFunctionContract contract, List<Integer> declared,
            int t) {
        return contract.parameters().get(declared.get(t)).shape().orElseThrow();
    }

    /** DLPack's type code of {@code dtype}: int 0, uint 1, float 2, bool 6. */
    private static int code(DType dtype) {
        String name = dtype.tvmName();
        return name.equals("bool") ? 6 : name.startsWith("uint") ? 1
                : name.startsWith("int") ? 0 : 2;
    }
}

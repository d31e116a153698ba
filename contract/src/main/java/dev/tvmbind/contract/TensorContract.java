package dev.tvmbind.contract;

import dev.tvmbind.DType;
import dev.tvmbind.TensorRole;
import java.util.List;
import java.util.Optional;

/**
 * One tensor parameter of a model's run entry point, as the interface describes it.
 *
 * @param role its role
 * @param name the tensor's name as written (or derived from the parameter's name)
 * @param member its struct member in C: TVM's sanitised form of {@code name}
 * @param javaName the Java parameter's name
 * @param javaType the Java parameter's type as messages write it, e.g. {@code byte[]}
 * @param dtype the dtype, written or the array's own; empty when unknown
 * @param size the size in bytes, written or derived; 0 when unknown
 * @param shape the dimensions, empty when unknown
 */
public record TensorContract(TensorRole role, String name, String member, String javaName,
        String javaType, Optional<DType> dtype, long size, List<Long> shape) {
    public TensorContract {
        shape = List.copyOf(shape);
    }

    /** How messages name it: {@code input 'input_1' (input)}. */
    public String described() {
        return role + " '" + name + "' (" + javaName + ")";
    }
}

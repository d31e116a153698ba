package dev.tvmbind.processor.model;

import dev.tvmbind.DType;
import java.util.List;
import java.util.Optional;

/**
 * One parameter of an entry point.
 *
 * @param javaName the Java parameter name
 * @param type the Java type, mapped to C by {@link JavaType#cType()}
 * @param role a tensor role, or {@link Role#PLAIN} for a parameter of a plain C function
 * @param name the tensor, pool or device name as written or derived; for a plain parameter, the
 *     Java name
 * @param cName the name in C: TVM's sanitised member name, or the plain parameter's name
 * @param size the size in bytes, written or derived from shape and dtype; 0 when unknown (always
 *     0 for devices and plain ones)
 * @param dtype the tensor's dtype, written or the array's own; empty when unknown
 * @param shape the tensor's dimensions, empty when unknown
 * @param doc the text of the parameter's {@code @param} tag in the method's javadoc, or empty
 * @param site the parameter
 */
public record ParamSpec(
        String javaName,
        JavaType type,
        Role role,
        NamePart name,
        String cName,
        long size,
        Optional<DType> dtype,
        List<Long> shape,
        String doc,
        Site site) {

    public ParamSpec {
        shape = List.copyOf(shape);
    }

    /** The number of elements of the shape, 0 without one. */
    public long elementCount() {
        return shape.isEmpty() ? 0 : shape.stream().reduce(1L, Math::multiplyExact);
    }
}

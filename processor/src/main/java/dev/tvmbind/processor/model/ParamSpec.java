package dev.tvmbind.processor.model;

/**
 * One parameter of an entry point.
 *
 * @param javaName the Java parameter name
 * @param type the Java type, mapped to C by {@link JavaType#cType()}
 * @param role a tensor role, or {@link Role#PLAIN} for a parameter of a plain C function
 * @param name the tensor, pool or device name as written or derived; for a plain parameter, the
 *     Java name
 * @param cName the name in C: TVM's sanitised member name, or the plain parameter's name
 * @param size the declared size in bytes, 0 when unknown (always 0 for devices and plain ones)
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
        String doc,
        Site site) {}

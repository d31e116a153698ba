package third;

import dev.tvmbind.contract.FfiFunctionContract;
import dev.tvmbind.contract.FfiType;
import dev.tvmbind.runtime.relax.RelaxOptions;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Array;
import java.lang.reflect.Executable;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** The arguments of the attacker's choosing, by parameter type. */
record Arguments(MemorySegment target, Path evil, SymbolLookup anyName, List<Object> made) {
    /**
     * What a {@code Class} parameter gets, a variant each: the models, the binding's own class, and
     * the attacker's own class and nestmate; a {@code Lookup} parameter gets the attacker's own
     * lookup of that class in the last two.
     */
    static final List<String> CLASSES = List.of("model.Adder", "model.Doubler",
            "model.AdderBinding$Linked", "third.Grants", "third.Grants$Linked");

    static boolean hasClassParameter(Executable member) {
        List<Class<?>> types = List.of(member.getParameterTypes());
        return types.contains(Class.class) || types.contains(MethodHandles.Lookup.class);
    }

    Object[] forParameters(Executable member, int variant) {
        Class<?>[] types = member.getParameterTypes();
        Type[] generic = member.getGenericParameterTypes();
        Object[] values = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            values[i] = generic.length == types.length
                    && generic[i] instanceof ParameterizedType p
                    && p.getActualTypeArguments()[0] == FfiFunctionContract.class
                    ? List.of(FUNCTION) : forType(types[i], variant);
        }
        return values;
    }

    /** A function a binding could state: any exported name. */
    private static final FfiFunctionContract FUNCTION = FfiFunctionContract.exported("add",
            "tvmgen_adder_add", FfiType.Plain.LONG);

    private Object forType(Class<?> type, int variant) {
        if (type == FfiFunctionContract.class) {
            return FUNCTION;
        }
        if (type == FfiType.class) {
            return FfiType.Plain.STRING;
        }
        if (type == RelaxOptions.class) {
            return RelaxOptions.DEFAULT.withVms(variant + 1);
        }
        if (type == RelaxOptions.Allocator.class) {
            return RelaxOptions.Allocator.values()[variant % 2];
        }
        if (type == FfiType.Callback.class) {
            return FfiType.callback("third.Grants", "call", FfiType.Plain.LONG,
                    FfiType.Plain.STRING);
        }
        if (type == SymbolLookup.class) {
            return anyName;
        }
        if (type == MemorySegment.class) {
            return target;
        }
        if (type == Path.class) {
            return evil;
        }
        if (type == List.class) {
            return List.of(anyName);
        }
        if (type == MethodHandles.Lookup.class) {
            return variant >= 3 ? Grants.lookup() : MethodHandles.lookup();
        }
        if (type == Class.class) {
            try {
                return Class.forName(CLASSES.get(variant));
            } catch (ClassNotFoundException e) {
                return null;
            }
        }
        if (type == String.class) {
            return "tvmgen_adder_add";
        }
        if (type == Duration.class) {
            return Duration.ofMillis(10);
        }
        if (type == Module.class) {
            return Arguments.class.getModule();
        }
        if (type == long.class) {
            return target.address();
        }
        if (type.isArray()) {
            return Array.newInstance(type.getComponentType(), 4);
        }
        if (type.isPrimitive()) {
            return primitive(type);
        }
        for (Object value : made) {
            if (type.isInstance(value)) {
                return value;
            }
        }
        return null;
    }

    /** A value for each parameter of a handle or method: zeros and nulls. */
    static Object[] defaults(Class<?>[] types) {
        Object[] values = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            values[i] = types[i] == MemorySegment.class ? MemorySegment.NULL
                    : types[i].isArray() ? Array.newInstance(types[i].getComponentType(), 4)
                    : types[i].isPrimitive() ? primitive(types[i]) : null;
        }
        return values;
    }

    private static Object primitive(Class<?> type) {
        if (type == boolean.class) {
            return true;
        }
        if (type == char.class) {
            return 'x';
        }
        if (type == float.class) {
            return 1f;
        }
        if (type == double.class) {
            return 1d;
        }
        if (type == long.class) {
            return 2L;
        }
        if (type == byte.class) {
            return (byte) 2;
        }
        if (type == short.class) {
            return (short) 2;
        }
        return 2;
    }
}

package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * What a Relax call returns, made safe to hand out. A function may return a weight bound in the
 * library, or its own input: the first is shared by every call, so its data is read-only (writing
 * to it would change the next call's result); the second is a view of the caller's memory, which
 * the caller's arena frees, so it is copied into memory the result owns.
 */
final class RelaxResults {
    private RelaxResults() {}

    /** The result, each tensor in it read-only, copied where it lies in a Java-made argument's memory. */
    static Object settle(Object result, Object[] arguments, FfiLibrary ffi, String function) {
        if (result instanceof Tensor tensor) {
            Tensor settled = overlapsAnArgument(tensor, arguments) ? copy(tensor, ffi, function)
                    : tensor;
            PublicTypes.readOnly(settled);
            return settled;
        }
        if (result instanceof List<?> list) {
            List<Object> settled = new ArrayList<>(list.size());
            for (Object element : list) {
                settled.add(settle(element, arguments, ffi, function));
            }
            return List.copyOf(settled);
        }
        return result;
    }

    /** Whether the tensor's data lies in the memory of a tensor Java made and passed. */
    private static boolean overlapsAnArgument(Tensor tensor, Object[] arguments) {
        long dl = PublicTypes.dlTensorAddress(tensor, "result");
        long start = FfiValues.EVERYWHERE.get(ValueLayout.JAVA_LONG, dl)
                + FfiValues.EVERYWHERE.get(ValueLayout.JAVA_LONG, dl + 40);
        long end = start + bytes(tensor);
        for (Object argument : arguments) {
            if (argument instanceof Tensor given && PublicTypes.tensorObject(given) == 0) {
                MemorySegment data = given.data();
                if (start < data.address() + data.byteSize() && data.address() < end) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A tensor over a copy of the data, the original released. */
    private static Tensor copy(Tensor tensor, FfiLibrary ffi, String function) {
        try (tensor) {
            long copy = FfiTensors.copyObject(PublicTypes.dlTensorAddress(tensor, "result"),
                    bytes(tensor), ffi, function);
            return FfiReturnedTensors.fromObject(copy, ffi, function);
        }
    }

    /** The bytes of a contiguous tensor's data. */
    static long bytes(Tensor tensor) {
        long elements = 1;
        for (int axis = 0; axis < tensor.rank(); axis++) {
            elements = Math.multiplyExact(elements, tensor.dim(axis));
        }
        return tensor.dataType().bytes(elements);
    }
}

package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.runtime.ffi.DLDataType;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.internal.Arguments;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Tensors as TVM's {@code ffi.Tensor} objects: one made for a call from a tensor Java made (a
 * {@code DLManagedTensorVersioned} in memory from C's {@code malloc}, its deleter C's
 * {@code free}, so whoever drops the last reference frees it, on any thread, without Java), and a
 * copy of a {@code DLTensor*} result; {@link FfiReturnedTensors} reads the objects functions
 * return.
 *
 * <p>Layouts (64-bit): {@code DLManagedTensorVersioned} is {@code {uint32 major, minor; void*
 * manager_ctx; void (*deleter)(…); uint64 flags; DLTensor dl_tensor}}; {@code DLTensor} is
 * {@code {void* data; int32 device_type, device_id; int32 ndim; uint8 code, bits; uint16 lanes;
 * int64* shape; int64* strides; uint64 byte_offset}}; an {@code ffi.Tensor} object is the object
 * header followed by its {@code DLTensor}.
 */
final class FfiTensors {
    private FfiTensors() {}

    private static final long MANAGED_DL_TENSOR = 32;
    private static final long DL_TENSOR_BYTES = 48;
    /** DLPack's version this runtime writes ({@code DLPACK_MAJOR_VERSION}, minor). */
    private static final int DLPACK_MAJOR = 1;
    private static final int DLPACK_MINOR = 1;
    /** The alignment of copied data: what TVM's own allocators give. */
    private static final long DATA_ALIGNMENT = 64;

    /** C's {@code malloc} and {@code free}: DLPack structs are C's to free, without Java. */
    static final MethodHandle MALLOC;
    static final MemorySegment FREE;

    static {
        Linker linker = Linker.nativeLinker();
        MALLOC = linker.downcallHandle(linker.defaultLookup().find("malloc").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG));
        FREE = linker.defaultLookup().find("free").orElseThrow();
    }

    /**
     * An {@code ffi.Tensor} object for a call, over the {@code DLTensor} of a tensor made in Java:
     * data, device and type as they are, the shape copied (the object may outlive the tensor).
     *
     * @param dlTensor the Java tensor's {@code DLTensor}
     * @param library the runtime that makes the object
     * @param function the symbol called, for errors
     * @return the object, one reference the caller releases after the call
     */
    static long newObject(long dlTensor, FfiLibrary library, String function) {
        return newObject(dlTensor, 0, library, function);
    }

    /**
     * As {@link #newObject(long, FfiLibrary, String)}, the data copied too: an object that owns
     * all it points to, in one block C's {@code free} releases (what a callee that keeps a tensor,
     * as the VM's {@code set_input} does, may hold past the caller's arena).
     *
     * @param bytes the bytes of the (contiguous) data
     */
    static long copyObject(long dlTensor, long bytes, FfiLibrary library, String function) {
        return newObject(dlTensor, bytes, library, function);
    }

    /**
     * A tensor over a copy of what a {@code DLTensor*} result points to (a function handing back
     * an argument it was given as a view: memory the caller frees), owned by Java.
     */
    @SuppressWarnings("restricted")
    static Tensor copyOfView(long dlTensor, FfiLibrary library, String function) {
        MemorySegment dl = MemorySegment.ofAddress(dlTensor).reinterpret(DL_TENSOR_BYTES);
        int ndim = dl.get(ValueLayout.JAVA_INT, 16);
        if (ndim < 0 || ndim > FfiReturnedTensors.MAX_DIMENSIONS
                || dl.get(ValueLayout.JAVA_LONG, 32) != 0) {
            throw PublicTypes.tvmFfiException(function, "TypeError", "the function returned a"
                    + " DLTensor* tvmbind cannot copy (" + ndim + " dimensions, or strided)", "");
        }
        DLDataType type = FfiReturnedTensors.dataType(dl, 0);
        long bytes = type.bytes(FfiReturnedTensors.extent(
                FfiReturnedTensors.read(dl.get(ValueLayout.JAVA_LONG, 24), ndim), 0));
        return FfiReturnedTensors.fromObject(copyObject(dlTensor, Math.max(1, bytes), library,
                function), library, function);
    }

    /** The object over the tensor's data, or over a copy of its first {@code copied} bytes. */
    @SuppressWarnings("restricted")
    private static long newObject(long dlTensor, long copied, FfiLibrary library,
            String function) {
        MemorySegment source = MemorySegment.ofAddress(dlTensor).reinterpret(DL_TENSOR_BYTES);
        int ndim = source.get(ValueLayout.JAVA_INT, 16);
        long shapeAt = MANAGED_DL_TENSOR + DL_TENSOR_BYTES;
        long outAt = shapeAt + 8L * ndim;
        long headerEnd = outAt + 8;
        long address;
        try {
            // Room to align the copy's data as TVM's allocators align theirs.
            address = (long) MALLOC.invokeExact(headerEnd
                    + (copied == 0 ? 0 : DATA_ALIGNMENT + copied));
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
        if (address == 0) {
            throw new OutOfMemoryError("malloc failed for a tensor's DLPack struct");
        }
        long dataAt = ((address + headerEnd + DATA_ALIGNMENT - 1) & -DATA_ALIGNMENT) - address;
        long size = copied == 0 ? headerEnd : dataAt + copied;
        MemorySegment block = MemorySegment.ofAddress(address).reinterpret(size);
        block.set(ValueLayout.JAVA_INT, 0, DLPACK_MAJOR);
        block.set(ValueLayout.JAVA_INT, 4, DLPACK_MINOR);
        block.set(ValueLayout.JAVA_LONG, 8, 0); // manager_ctx
        block.set(ValueLayout.ADDRESS, 16, FREE);
        block.set(ValueLayout.JAVA_LONG, 24, 0); // flags
        MemorySegment.copy(source, 0, block, MANAGED_DL_TENSOR, DL_TENSOR_BYTES);
        MemorySegment shape = MemorySegment.ofAddress(source.get(ValueLayout.JAVA_LONG, 24))
                .reinterpret(8L * ndim);
        MemorySegment.copy(shape, 0, block, shapeAt, 8L * ndim);
        block.set(ValueLayout.JAVA_LONG, MANAGED_DL_TENSOR + 24, address + shapeAt);
        block.set(ValueLayout.JAVA_LONG, outAt, 0);
        if (copied != 0) {
            MemorySegment data = MemorySegment.ofAddress(source.get(ValueLayout.JAVA_LONG, 0)
                    + source.get(ValueLayout.JAVA_LONG, 40)).reinterpret(copied);
            MemorySegment.copy(data, 0, block, dataAt, copied);
            block.set(ValueLayout.JAVA_LONG, MANAGED_DL_TENSOR, address + dataAt);
            block.set(ValueLayout.JAVA_LONG, MANAGED_DL_TENSOR + 40, 0); // byte_offset
        }
        return library.tensorFromDLPack(address, address + outAt, function);
    }
}

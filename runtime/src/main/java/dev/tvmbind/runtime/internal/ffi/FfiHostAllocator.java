package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.runtime.ffi.DLDataType;
import dev.tvmbind.runtime.internal.Arguments;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.HashSet;
import java.util.Set;

/**
 * The host's tensor allocator that tvm-ffi asks for when a kernel allocates
 * ({@code TVMFFIEnvTensorAlloc}, what {@code Tensor::FromEnvAlloc} calls): installed for the
 * whole process ({@code TVMFFIEnvSetDLPackManagedTensorAllocator}, global context) the first time
 * a binding links a {@code libtvm_ffi} that has none. Without one, every such kernel raises
 * {@code RuntimeError}.
 *
 * <p>Each tensor is one block from C's {@code malloc}: the {@code DLManagedTensorVersioned}, its
 * shape, then its data aligned to 64 bytes; its deleter is C's {@code free}, so the tensor is freed
 * without Java, on any thread, even after the JVM has exited. Only the allocation is Java (an
 * upcall, on the thread that allocates); whatever fails there is reported through the
 * allocator's {@code SetError} and never unwinds into C. CPU tensors only.
 */
final class FfiHostAllocator {
    private FfiHostAllocator() {}

    private static final long MANAGED_BYTES = 80;
    private static final long DL_TENSOR = 32;
    private static final long ALIGNMENT = 64;
    private static final int CPU = 1;
    /** The runtimes (one a process, in practice) the allocator was offered to. */
    private static final Set<FfiCApi> INSTALLED = new HashSet<>();
    /** {@code SetError(void* error_ctx, const char* kind, const char* message)}, any address. */
    private static final MethodHandle SET_ERROR;
    /** The allocator: C's view of {@link #allocate}, alive for the process. */
    private static final MemorySegment ALLOCATOR;

    static {
        Linker linker = Linker.nativeLinker();
        SET_ERROR = linker.downcallHandle(FunctionDescriptor.ofVoid(ValueLayout.JAVA_LONG,
                ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        try {
            MethodHandle allocate = MethodHandles.lookup().findStatic(FfiHostAllocator.class,
                    "allocate", MethodType.methodType(int.class, long.class, long.class,
                            long.class, long.class));
            ALLOCATOR = linker.upcallStub(allocate, FunctionDescriptor.of(ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG,
                    ValueLayout.JAVA_LONG), Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Installs the allocator in the runtime {@code api} calls, unless it has one.
     *
     * @param api the C API of a {@code libtvm_ffi}
     */
    static void installIn(FfiCApi api) {
        if (!api.has(FfiCApi.Function.ENV_SET_TENSOR_ALLOCATOR)
                || !api.has(FfiCApi.Function.ENV_GET_TENSOR_ALLOCATOR)) {
            return; // a libtvm_ffi before the allocator API: kernels there cannot allocate anyway
        }
        synchronized (INSTALLED) {
            if (!INSTALLED.add(api)) {
                return;
            }
            try {
                long current = (long) api.handle(FfiCApi.Function.ENV_GET_TENSOR_ALLOCATOR)
                        .invokeExact();
                if (current != 0) {
                    return; // the application, or another runtime, installed its own
                }
                int status = (int) api.handle(FfiCApi.Function.ENV_SET_TENSOR_ALLOCATOR)
                        .invokeExact(ALLOCATOR, 1, 0L);
                if (status != 0) {
                    throw new IllegalStateException("TVMFFIEnvSetDLPackManagedTensorAllocator"
                            + " returned " + status);
                }
            } catch (Throwable e) {
                throw Arguments.rethrow(e);
            }
        }
    }

    /** {@code DLPackManagedTensorAllocator}: never throws, whatever happens. */
    @SuppressWarnings("restricted")
    private static int allocate(long prototype, long out, long errorContext, long setError) {
        try {
            MemorySegment dl = MemorySegment.ofAddress(prototype).reinterpret(48);
            int device = dl.get(ValueLayout.JAVA_INT, 8);
            int ndim = dl.get(ValueLayout.JAVA_INT, 16);
            if (device != CPU) {
                return fail(setError, errorContext, "tvmbind's host allocator allocates CPU"
                        + " tensors only, not tensors of DLPack device type " + device);
            }
            if (ndim < 0 || ndim > 64) {
                return fail(setError, errorContext, "a tensor of " + ndim + " dimensions");
            }
            DLDataType type = FfiReturnedTensors.dataType(dl, 0);
            long[] shape = MemorySegment.ofAddress(dl.get(ValueLayout.JAVA_LONG, 24))
                    .reinterpret(8L * ndim).toArray(ValueLayout.JAVA_LONG);
            long elements = 1;
            for (long dimension : shape) {
                if (dimension < 0) {
                    return fail(setError, errorContext, "a negative dimension");
                }
                elements = Math.multiplyExact(elements, dimension);
            }
            long dataAt = MANAGED_BYTES + 8L * ndim;
            long size = Math.addExact(dataAt + ALIGNMENT, type.bytes(elements));
            long block = (long) FfiTensors.MALLOC.invokeExact(size);
            if (block == 0) {
                return fail(setError, errorContext, "malloc of " + size + " bytes failed");
            }
            MemorySegment managed = MemorySegment.ofAddress(block).reinterpret(dataAt);
            managed.set(ValueLayout.JAVA_INT, 0, 1); // DLPack 1.1
            managed.set(ValueLayout.JAVA_INT, 4, 1);
            managed.set(ValueLayout.JAVA_LONG, 8, 0); // manager_ctx
            managed.set(ValueLayout.ADDRESS, 16, FfiTensors.FREE);
            managed.set(ValueLayout.JAVA_LONG, 24, 0); // flags
            MemorySegment.copy(dl, 8, managed, DL_TENSOR + 8, 16); // device, ndim, dtype
            long data = (block + dataAt + ALIGNMENT - 1) & -ALIGNMENT;
            managed.set(ValueLayout.JAVA_LONG, DL_TENSOR, data);
            managed.set(ValueLayout.JAVA_LONG, DL_TENSOR + 24, block + MANAGED_BYTES);
            managed.set(ValueLayout.JAVA_LONG, DL_TENSOR + 32, 0); // strides: contiguous
            managed.set(ValueLayout.JAVA_LONG, DL_TENSOR + 40, 0);
            MemorySegment.copy(MemorySegment.ofArray(shape), 0, managed, MANAGED_BYTES,
                    8L * ndim);
            MemorySegment.ofAddress(out).reinterpret(8).set(ValueLayout.JAVA_LONG, 0, block);
            return 0;
        } catch (Throwable e) {
            return fail(setError, errorContext, "tvmbind's host allocator failed: " + e);
        }
    }

    /** Reports through the allocator's {@code SetError}; never throws. */
    private static int fail(long setError, long errorContext, String message) {
        try (Arena arena = Arena.ofConfined()) {
            SET_ERROR.invokeExact(MemorySegment.ofAddress(setError), errorContext,
                    arena.allocateFrom("RuntimeError"), arena.allocateFrom(message));
        } catch (Throwable ignored) {
            // Nothing more can be said from here: the kernel sees the failure's status.
        }
        return -1;
    }
}

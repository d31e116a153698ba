package dev.tvmbind.runtime.internal.shared;

import dev.tvmbind.contract.FfiFunctionContract;
import dev.tvmbind.contract.ModelContract;
import dev.tvmbind.contract.TensorContract;
import dev.tvmbind.runtime.MissingSymbolsError;
import dev.tvmbind.runtime.ModelInfo;
import dev.tvmbind.runtime.TensorInfo;
import dev.tvmbind.runtime.TvmException;
import dev.tvmbind.runtime.UnreadableLibraryError;
import dev.tvmbind.runtime.WrongModelError;
import dev.tvmbind.runtime.ffi.DLDataType;
import dev.tvmbind.runtime.ffi.FfiFunction;
import dev.tvmbind.runtime.ffi.FfiModule;
import dev.tvmbind.runtime.ffi.FfiObject;
import dev.tvmbind.runtime.ffi.SchemaMismatchError;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.ffi.TvmFfiException;
import dev.tvmbind.runtime.internal.Arguments;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.LongConsumer;
import java.util.function.LongUnaryOperator;

/**
 * Makes the public package's descriptions and failures, whose constructors are package-private
 * (users read them, never make them): this package is in the same module, so it may reach them
 * through a private lookup.
 */
public final class PublicTypes {
    private PublicTypes() {}

    private static final MethodHandle MODEL_INFO = constructor(ModelInfo.class, Class.class,
            ModelContract.class);
    private static final MethodHandle TENSOR_INFO = constructor(TensorInfo.class,
            TensorContract.class);
    private static final MethodHandle MODEL_CONTRACT;
    private static final MethodHandle TENSOR_CONTRACT;
    private static final MethodHandle TVM_EXCEPTION = constructor(TvmException.class,
            String.class, int.class, String.class);
    private static final MethodHandle MISSING_SYMBOLS = constructor(MissingSymbolsError.class,
            String.class, List.class, String.class);
    private static final MethodHandle WRONG_MODEL = constructor(WrongModelError.class,
            String.class);
    private static final MethodHandle UNREADABLE = constructor(UnreadableLibraryError.class,
            String.class, Path.class);
    private static final MethodHandle TVM_FFI_EXCEPTION = constructor(TvmFfiException.class,
            String.class, String.class, String.class, String.class);
    private static final MethodHandle SCHEMA_MISMATCH = constructor(SchemaMismatchError.class,
            String.class);
    private static final MethodHandle FFI_FUNCTION = constructor(FfiFunction.class,
            FfiFunctionContract.class, Optional.class, Optional.class);
    private static final MethodHandle RETURNED_TENSOR;
    private static final MethodHandle FFI_OBJECT = constructor(FfiObject.class, long.class,
            int.class, String.class, Runnable.class);
    private static final MethodHandle FFI_MODULE = constructor(FfiModule.class, long.class,
            int.class, String.class, Runnable.class);
    private static final MethodHandle FFI_OBJECT_RETAIN;
    private static final MethodHandle DL_TENSOR_ADDRESS;
    private static final MethodHandle TENSOR_OBJECT;
    private static final MethodHandle TENSOR_READ_ONLY;

    static {
        try {
            MethodHandles.Lookup tensor = MethodHandles.privateLookupIn(Tensor.class,
                    MethodHandles.lookup());
            DL_TENSOR_ADDRESS = tensor.findVirtual(Tensor.class, "dlTensorAddress",
                    MethodType.methodType(long.class, String.class));
            TENSOR_OBJECT = tensor.findVirtual(Tensor.class, "object",
                    MethodType.methodType(long.class));
            TENSOR_READ_ONLY = tensor.findVirtual(Tensor.class, "readOnly",
                    MethodType.methodType(void.class));
            // Package-private: found by name through the package's own lookup.
            MethodType returned = MethodType.methodType(Tensor.class, DLDataType.class,
                    long[].class, long.class, int.class, int.class, long.class, boolean.class,
                    long.class, long.class, LongUnaryOperator.class, LongConsumer.class);
            RETURNED_TENSOR = tensor.findConstructor(
                    tensor.findClass(Tensor.class.getPackageName() + ".ReturnedTensor"),
                    returned.changeReturnType(void.class)).asType(returned);
            FFI_OBJECT_RETAIN = MethodHandles.privateLookupIn(FfiObject.class,
                    MethodHandles.lookup()).findVirtual(FfiObject.class, "retain",
                    MethodType.methodType(long.class, LongUnaryOperator.class, String.class));
            MODEL_CONTRACT = MethodHandles.privateLookupIn(ModelInfo.class,
                    MethodHandles.lookup()).findVirtual(ModelInfo.class, "contract",
                    MethodType.methodType(ModelContract.class));
            TENSOR_CONTRACT = MethodHandles.privateLookupIn(TensorInfo.class,
                    MethodHandles.lookup()).findVirtual(TensorInfo.class, "contract",
                    MethodType.methodType(TensorContract.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The address of a tensor's {@code DLTensor}, once it is found usable. */
    public static long dlTensorAddress(Tensor tensor, String parameter) {
        try {
            return (long) DL_TENSOR_ADDRESS.invokeExact(tensor, parameter);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    /** An object Java now owns one reference to, released by {@code release} once. */
    public static FfiObject ffiObject(long handle, int typeIndex, String typeKey, Runnable release) {
        try {
            return (FfiObject) FFI_OBJECT.invokeExact(handle, typeIndex, typeKey, release);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    /** A module Java now owns one reference to, released by {@code release} once. */
    public static FfiModule ffiModule(long handle, int typeIndex, String typeKey, Runnable release) {
        try {
            return (FfiModule) FFI_MODULE.invokeExact(handle, typeIndex, typeKey, release);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    /** An open object's handle, {@code retain} applied to it; a closed one is refused. */
    public static long retain(FfiObject object, LongUnaryOperator retain, String parameter) {
        try {
            return (long) FFI_OBJECT_RETAIN.invokeExact(object, retain, parameter);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    public static FfiFunction ffiFunction(FfiFunctionContract function, Optional<String> schema,
            Optional<String> unchecked) {
        try {
            return (FfiFunction) FFI_FUNCTION.invokeExact(function, schema, unchecked);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    /** Makes a returned tensor's data read-only. */
    public static void readOnly(Tensor tensor) {
        try {
            TENSOR_READ_ONLY.invokeExact(tensor);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    /** TVM's object a tensor holds, or 0 for a tensor made in Java. */
    public static long tensorObject(Tensor tensor) {
        try {
            return (long) TENSOR_OBJECT.invokeExact(tensor);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    /** A tensor over an object a function returned ({@code FfiReturnedTensors.fromObject}). */
    public static Tensor returnedTensor(DLDataType type, long[] shape, long dlTensor,
            int deviceType, int deviceId, long object, boolean host, long address, long bytes,
            LongUnaryOperator retain, LongConsumer drop) {
        try {
            return (Tensor) RETURNED_TENSOR.invokeExact(type, shape, dlTensor, deviceType,
                    deviceId, object, host, address, bytes, retain, drop);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    private static MethodHandle constructor(Class<?> type, Class<?>... parameters) {
        try {
            return MethodHandles.privateLookupIn(type, MethodHandles.lookup())
                    .findConstructor(type, MethodType.methodType(void.class, parameters));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public static ModelInfo modelInfo(Class<?> modelInterface, ModelContract contract) {
        try {
            return (ModelInfo) MODEL_INFO.invokeExact(modelInterface, contract);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    public static TensorInfo tensorInfo(TensorContract contract) {
        try {
            return (TensorInfo) TENSOR_INFO.invokeExact(contract);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    /** The contract a model's description shows. */
    public static ModelContract contract(ModelInfo info) {
        try {
            return (ModelContract) MODEL_CONTRACT.invokeExact(info);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    /** The contract a tensor's description shows. */
    public static TensorContract contract(TensorInfo info) {
        try {
            return (TensorContract) TENSOR_CONTRACT.invokeExact(info);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    public static TvmException tvmException(String symbol, int status, String lastError) {
        try {
            return (TvmException) TVM_EXCEPTION.invokeExact(symbol, status, lastError);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    public static MissingSymbolsError missingSymbols(String message, List<String> missing,
            String header) {
        try {
            return (MissingSymbolsError) MISSING_SYMBOLS.invokeExact(message, missing, header);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    public static WrongModelError wrongModel(String message) {
        try {
            return (WrongModelError) WRONG_MODEL.invokeExact(message);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    public static TvmFfiException tvmFfiException(String symbol, String kind, String message,
            String backtrace) {
        try {
            return (TvmFfiException) TVM_FFI_EXCEPTION.invokeExact(symbol, kind, message, backtrace);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    public static SchemaMismatchError schemaMismatch(String message) {
        try {
            return (SchemaMismatchError) SCHEMA_MISMATCH.invokeExact(message);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    public static UnreadableLibraryError unreadable(String message, Path library) {
        try {
            return (UnreadableLibraryError) UNREADABLE.invokeExact(message, library);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }
}

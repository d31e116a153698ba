package dev.tvmbind;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;

/**
 * A model's tensor entry point called by tensor name, as TVM's {@code executor["set_input"]},
 * ONNX Runtime's and TFLite's Java APIs are: made by {@link TvmLibrary#executor(String)}.
 *
 * <pre>{@code
 * TvmExecutor kws = library.executor("kws");
 * kws.setInput("input_1", audio);          // TVM's name or the struct member, an array or a segment
 * kws.run();
 * kws.getOutput("Identity", scores);
 * }</pre>
 *
 * <p>The executor owns a native buffer for each input, output and workspace pool, allocated once
 * at the size the model's interface declares and aligned to 64 bytes; {@code setInput} copies
 * into it, {@code getOutput} copies out of it, and no call allocates once warm. Inputs and
 * devices stay set from one {@code run} to the next. A wrong name, type or size is refused before
 * any native call, naming the tensor and what it expects.
 *
 * <p>An executor is for one thread at a time, as TFLite's {@code Interpreter} is. Executors of
 * one model in one loaded library share the model's static workspace, so their runs wait for
 * each other unless the model is declared reentrant; executors of a library opened with private
 * copies ({@link TvmLibrary#open(java.nio.file.Path, int)}) are spread over the copies and run in
 * parallel. Closing it, or its library, frees its buffers: later calls throw
 * {@link IllegalStateException}, and a close while {@link #run} is in progress in another thread
 * throws instead of freeing what C uses.
 * Plain entry points are not called by name (a name gives no signature): use the typed
 * interface for them ({@link TvmLibrary#model(Class)}).
 */
public final class TvmExecutor implements AutoCloseable {
    /** TVM's own allocation alignment ({@code kAllocAlignment}). */
    private static final long ALIGNMENT = 64;

    private final ModelInfo model;
    private final TvmLibrary library;
    private final Arena arena;
    /**
     * The run function: the inputs struct as a segment, which FFM holds during the call (so that
     * no close can free the executor's memory, or unload the library, while C runs), then the
     * address of each other struct as a number, as generated bindings pass them.
     */
    private final MethodHandle run;
    /**
     * Held during each run unless the model is reentrant: shared with every binding and executor
     * of the model in the same loaded library, whose static workspace the run uses.
     */
    private final ReentrantLock runLock;
    /**
     * Taken by each run for its duration, and by a close for good: a close never frees what a run
     * uses, a library closes all its executors or none, and two threads never run one executor.
     */
    private final AtomicBoolean claimed = new AtomicBoolean();
    /** What the library offers after a failed run. */
    private final FailedRun failedRun;
    private final MemorySegment inputStruct;
    /** The outputs struct's address, then the pools' and the devices' when the model has them. */
    private final long[] otherStructs;
    /** Every tensor with a buffer, whose guard is checked after each run. */
    private final ExecutorTensor[] guarded;
    private final List<ExecutorTensor> inputs;
    private final List<ExecutorTensor> devices;
    private final Map<String, ExecutorTensor> inputNames;
    private final Map<String, ExecutorTensor> outputNames;
    private final Map<String, ExecutorTensor> deviceNames;

    /** Frees the buffers of an executor that was never closed, once it is unreachable. */
    private static final Cleaner BUFFERS = Cleaner.create();

    @SuppressWarnings("restricted")
    TvmExecutor(ModelInfo model, MemorySegment runFunction, FailedRun failedRun,
            TvmLibrary library) {
        this.failedRun = failedRun;
        this.model = model;
        this.library = library;
        this.arena = Arena.ofShared();
        BUFFERS.register(this, closer(arena));
        List<MemorySegment> structs = new ArrayList<>();
        Map<TensorRole, List<ExecutorTensor>> tensors = new EnumMap<>(TensorRole.class);
        for (TensorRole role : TensorRole.values()) {
            List<TensorInfo> ofRole = role.of(model);
            // Inputs and outputs always have a struct (README's "Java and C types"); pools and
            // devices when there are any.
            if (ofRole.isEmpty() && role != TensorRole.INPUT && role != TensorRole.OUTPUT) {
                continue;
            }
            MemorySegment struct = arena.allocate(ValueLayout.ADDRESS, ofRole.size());
            structs.add(struct);
            List<ExecutorTensor> slots = new ArrayList<>();
            for (int slot = 0; slot < ofRole.size(); slot++) {
                TensorInfo tensor = ofRole.get(slot);
                MemorySegment buffer = role == TensorRole.DEVICE ? null
                        : allocate(role, tensor);
                slots.add(new ExecutorTensor(role, tensor, buffer, struct, slot));
            }
            tensors.put(role, slots);
        }
        guarded = tensors.values().stream().flatMap(List::stream)
                .filter(t -> t.view != null).toArray(ExecutorTensor[]::new);
        inputs = tensors.get(TensorRole.INPUT);
        devices = tensors.getOrDefault(TensorRole.DEVICE, List.of());
        inputNames = byName(inputs);
        outputNames = byName(tensors.get(TensorRole.OUTPUT));
        deviceNames = byName(devices);

        inputStruct = structs.getFirst();
        otherStructs = structs.stream().skip(1).mapToLong(MemorySegment::address).toArray();
        List<MemoryLayout> arguments = new ArrayList<>(List.of(ValueLayout.ADDRESS));
        arguments.addAll(Collections.nCopies(otherStructs.length, ValueLayout.JAVA_LONG));
        runLock = model.reentrant() ? null : RunLocks.of(runFunction);
        run = Linker.nativeLinker().downcallHandle(runFunction,
                FunctionDescriptor.of(ValueLayout.JAVA_INT, arguments.toArray(MemoryLayout[]::new)));
    }

    /** Closes {@code arena} unless it is already; static, so that it holds no executor. */
    private static Runnable closer(Arena arena) {
        return () -> {
            synchronized (arena) {
                if (arena.scope().isAlive()) {
                    arena.close();
                }
            }
        };
    }

    /** A tensor's buffer; a size the machine cannot give is refused, saying which and how much. */
    private MemorySegment allocate(TensorRole role, TensorInfo tensor) {
        try {
            return arena.allocate(tensor.bytes() + Long.BYTES, ALIGNMENT);
        } catch (OutOfMemoryError | IllegalArgumentException e) {
            arena.close();
            throw new IllegalArgumentException("cannot allocate the " + tensor.bytes() + " bytes of "
                    + role + " '" + tensor.name() + "' of model " + model.cName() + " for an"
                    + " executor: " + e, e);
        }
    }

    /** Each tensor under the name TVM wrote and under its struct member. */
    private static Map<String, ExecutorTensor> byName(List<ExecutorTensor> tensors) {
        Map<String, ExecutorTensor> names = new LinkedHashMap<>();
        for (ExecutorTensor tensor : tensors) {
            names.put(tensor.info.name(), tensor);
            names.putIfAbsent(tensor.info.member(), tensor);
        }
        return names;
    }

    /**
     * The model this executor runs.
     *
     * @return what its interface declares of it
     */
    public ModelInfo info() {
        return model;
    }

    /**
     * The inputs, in TVM's struct order.
     *
     * @return each input's name, member, dtype, shape and size
     */
    public List<TensorInfo> inputs() {
        return model.inputs();
    }

    /**
     * The outputs, in TVM's struct order.
     *
     * @return each output's name, member, dtype, shape and size
     */
    public List<TensorInfo> outputs() {
        return model.outputs();
    }

    /**
     * Copies {@code data} into the input's buffer.
     *
     * @param name the input's name as TVM wrote it, or its struct member
     * @param data exactly the input's elements; {@code byte[]} for {@code int8}, {@code uint8}
     *     and {@code bool}
     * @throws IllegalArgumentException for an unknown name, another dtype or another size
     * @throws IllegalStateException when the executor is closed
     */
    public void setInput(String name, byte[] data) {
        input(name).copyIn(Objects.requireNonNull(data, "data"), ValueLayout.JAVA_BYTE, data.length);
    }

    /**
     * Copies {@code data} into the input's buffer.
     *
     * @param name the input's name as TVM wrote it, or its struct member
     * @param data exactly the input's elements; {@code short[]} for {@code int16}, {@code uint16}
     *     and {@code float16} (its bits)
     * @throws IllegalArgumentException for an unknown name, another dtype or another size
     * @throws IllegalStateException when the executor is closed
     */
    public void setInput(String name, short[] data) {
        input(name).copyIn(Objects.requireNonNull(data, "data"), ValueLayout.JAVA_SHORT, data.length);
    }

    /**
     * Copies {@code data} into the input's buffer.
     *
     * @param name the input's name as TVM wrote it, or its struct member
     * @param data exactly the input's elements, for {@code uint16}
     * @throws IllegalArgumentException for an unknown name, another dtype or another size
     * @throws IllegalStateException when the executor is closed
     */
    public void setInput(String name, char[] data) {
        input(name).copyIn(Objects.requireNonNull(data, "data"), ValueLayout.JAVA_CHAR, data.length);
    }

    /**
     * Copies {@code data} into the input's buffer.
     *
     * @param name the input's name as TVM wrote it, or its struct member
     * @param data exactly the input's elements, for {@code int32} and {@code uint32}
     * @throws IllegalArgumentException for an unknown name, another dtype or another size
     * @throws IllegalStateException when the executor is closed
     */
    public void setInput(String name, int[] data) {
        input(name).copyIn(Objects.requireNonNull(data, "data"), ValueLayout.JAVA_INT, data.length);
    }

    /**
     * Copies {@code data} into the input's buffer.
     *
     * @param name the input's name as TVM wrote it, or its struct member
     * @param data exactly the input's elements, for {@code int64} and {@code uint64}
     * @throws IllegalArgumentException for an unknown name, another dtype or another size
     * @throws IllegalStateException when the executor is closed
     */
    public void setInput(String name, long[] data) {
        input(name).copyIn(Objects.requireNonNull(data, "data"), ValueLayout.JAVA_LONG, data.length);
    }

    /**
     * Copies {@code data} into the input's buffer.
     *
     * @param name the input's name as TVM wrote it, or its struct member
     * @param data exactly the input's elements, for {@code float32}
     * @throws IllegalArgumentException for an unknown name, another dtype or another size
     * @throws IllegalStateException when the executor is closed
     */
    public void setInput(String name, float[] data) {
        input(name).copyIn(Objects.requireNonNull(data, "data"), ValueLayout.JAVA_FLOAT, data.length);
    }

    /**
     * Copies {@code data} into the input's buffer.
     *
     * @param name the input's name as TVM wrote it, or its struct member
     * @param data exactly the input's elements, for {@code float64}
     * @throws IllegalArgumentException for an unknown name, another dtype or another size
     * @throws IllegalStateException when the executor is closed
     */
    public void setInput(String name, double[] data) {
        input(name).copyIn(Objects.requireNonNull(data, "data"), ValueLayout.JAVA_DOUBLE, data.length);
    }

    /**
     * Copies the input's bytes from the start of {@code data}, of any dtype.
     *
     * @param name the input's name as TVM wrote it, or its struct member
     * @param data at least the input's bytes, of an arena that is open
     * @throws IllegalArgumentException for an unknown name or a smaller segment
     * @throws IllegalStateException when the executor or the segment's arena is closed
     */
    public void setInput(String name, MemorySegment data) {
        input(name).copyIn(Objects.requireNonNull(data, "data"));
    }

    /**
     * Lets the model read the input from {@code data} itself, without a copy, until the next
     * {@code setInput} of that name. The segment's arena must stay open: {@link #run} refuses a
     * closed one.
     *
     * @param name the input's name as TVM wrote it, or its struct member
     * @param data native memory of at least the input's bytes
     * @throws IllegalArgumentException for an unknown name, a heap segment, {@code NULL} or a
     *     smaller segment
     * @throws IllegalStateException when the executor or the segment's arena is closed
     */
    public void setInputZeroCopy(String name, MemorySegment data) {
        input(name).adopt(Objects.requireNonNull(data, "data"));
    }

    /**
     * Sets a device context of the model: what its C code receives in TVM's devices struct.
     *
     * @param name the device's name as TVM wrote it, or its struct member
     * @param context the context's native address, or {@link MemorySegment#NULL}
     * @throws IllegalArgumentException for an unknown name or a heap segment
     * @throws IllegalStateException when the executor or the segment's arena is closed
     */
    public void setDevice(String name, MemorySegment context) {
        Objects.requireNonNull(context, "context");
        checkOpen();
        find(deviceNames, TensorRole.DEVICE, name).point(context);
    }

    /**
     * Runs the model once on the inputs set.
     *
     * @throws IllegalStateException when an input or device was never set, a zero-copy input's
     *     arena is closed, or the executor is closed
     * @throws TvmException when the run function returns a non-zero status
     */
    public void run() {
        checkOpen();
        boolean ready = true;
        for (ExecutorTensor tensor : inputs) {
            ready &= tensor.ready();
        }
        for (ExecutorTensor tensor : devices) {
            ready &= tensor.ready();
        }
        if (!ready) {
            throw unset();
        }
        if (!claimed.compareAndSet(false, true)) {
            checkOpen();
            throw new IllegalStateException("the executor of " + model.cName() + " is running in"
                    + " another thread: an executor is for one thread at a time");
        }
        if (runLock != null) {
            runLock.lock();
        }
        try {
            long[] other = otherStructs;
            int status = switch (other.length) {
                case 1 -> (int) run.invokeExact(inputStruct, other[0]);
                case 2 -> (int) run.invokeExact(inputStruct, other[0], other[1]);
                default -> (int) run.invokeExact(inputStruct, other[0], other[1], other[2]);
            };
            for (ExecutorTensor tensor : guarded) {
                if (tensor.overrun()) {
                    throw new IllegalStateException(model.runSymbol() + " wrote past the end of "
                            + tensor + ", " + tensor.info.bytes() + " bytes as declared: the"
                            + " model's C and its interface disagree (the overflow stayed in the"
                            + " executor's memory)");
                }
            }
            if (status != 0) {
                // Read before another run of the model can replace it.
                String error = failedRun.lastError();
                failedRun.resetPlatform();
                throw new TvmException(model.runSymbol(), status, error);
            }
        } catch (Throwable e) {
            throw BindingSupport.rethrow(e);
        } finally {
            if (runLock != null) {
                runLock.unlock();
            }
            claimed.setRelease(false);
        }
    }

    /**
     * Copies the output into {@code data}.
     *
     * @param name the output's name as TVM wrote it, or its struct member
     * @param data room for exactly the output's elements, {@code byte[]} for {@code int8},
     *     {@code uint8} and {@code bool}
     * @throws IllegalArgumentException for an unknown name, another dtype or another size
     * @throws IllegalStateException when the executor is closed
     */
    public void getOutput(String name, byte[] data) {
        output(name, data).copyOut(data, ValueLayout.JAVA_BYTE, data.length);
    }

    /**
     * Copies the output into {@code data}.
     *
     * @param name the output's name as TVM wrote it, or its struct member
     * @param data room for exactly the output's elements, for {@code int16}, {@code uint16}
     *     and {@code float16} (its bits)
     * @throws IllegalArgumentException for an unknown name, another dtype or another size
     * @throws IllegalStateException when the executor is closed
     */
    public void getOutput(String name, short[] data) {
        output(name, data).copyOut(data, ValueLayout.JAVA_SHORT, data.length);
    }

    /**
     * Copies the output into {@code data}.
     *
     * @param name the output's name as TVM wrote it, or its struct member
     * @param data room for exactly the output's elements, for {@code uint16}
     * @throws IllegalArgumentException for an unknown name, another dtype or another size
     * @throws IllegalStateException when the executor is closed
     */
    public void getOutput(String name, char[] data) {
        output(name, data).copyOut(data, ValueLayout.JAVA_CHAR, data.length);
    }

    /**
     * Copies the output into {@code data}.
     *
     * @param name the output's name as TVM wrote it, or its struct member
     * @param data room for exactly the output's elements, for {@code int32} and {@code uint32}
     * @throws IllegalArgumentException for an unknown name, another dtype or another size
     * @throws IllegalStateException when the executor is closed
     */
    public void getOutput(String name, int[] data) {
        output(name, data).copyOut(data, ValueLayout.JAVA_INT, data.length);
    }

    /**
     * Copies the output into {@code data}.
     *
     * @param name the output's name as TVM wrote it, or its struct member
     * @param data room for exactly the output's elements, for {@code int64} and {@code uint64}
     * @throws IllegalArgumentException for an unknown name, another dtype or another size
     * @throws IllegalStateException when the executor is closed
     */
    public void getOutput(String name, long[] data) {
        output(name, data).copyOut(data, ValueLayout.JAVA_LONG, data.length);
    }

    /**
     * Copies the output into {@code data}.
     *
     * @param name the output's name as TVM wrote it, or its struct member
     * @param data room for exactly the output's elements, for {@code float32}
     * @throws IllegalArgumentException for an unknown name, another dtype or another size
     * @throws IllegalStateException when the executor is closed
     */
    public void getOutput(String name, float[] data) {
        output(name, data).copyOut(data, ValueLayout.JAVA_FLOAT, data.length);
    }

    /**
     * Copies the output into {@code data}.
     *
     * @param name the output's name as TVM wrote it, or its struct member
     * @param data room for exactly the output's elements, for {@code float64}
     * @throws IllegalArgumentException for an unknown name, another dtype or another size
     * @throws IllegalStateException when the executor is closed
     */
    public void getOutput(String name, double[] data) {
        output(name, data).copyOut(data, ValueLayout.JAVA_DOUBLE, data.length);
    }

    /**
     * Copies the output's bytes to the start of {@code data}, of any dtype.
     *
     * @param name the output's name as TVM wrote it, or its struct member
     * @param data room for at least the output's bytes, of an arena that is open
     * @throws IllegalArgumentException for an unknown name, a smaller or a read-only segment
     * @throws IllegalStateException when the executor or the segment's arena is closed
     */
    public void getOutput(String name, MemorySegment data) {
        output(name, data).copyOut(data);
    }

    /**
     * The output's buffer, read-only: what the last {@link #run} wrote, without a copy. It is
     * valid as long as the executor is open; reading it later throws
     * {@link IllegalStateException}.
     *
     * @param name the output's name as TVM wrote it, or its struct member
     * @return a read-only view of the output's bytes
     * @throws IllegalArgumentException for an unknown name
     * @throws IllegalStateException when the executor is closed
     */
    public MemorySegment output(String name) {
        checkOpen();
        return find(outputNames, TensorRole.OUTPUT, name).view;
    }

    /**
     * Frees the executor's buffers. Closing twice does nothing.
     *
     * @throws IllegalStateException when {@link #run} is in progress in another thread
     */
    @Override
    public void close() {
        synchronized (arena) {
            if (!arena.scope().isAlive()) {
                return;
            }
            if (!claim()) {
                throw new IllegalStateException("cannot close the executor of " + model.cName()
                        + " while its run() is in progress in another thread");
            }
            closeClaimed();
        }
        library.forget(this);
    }

    /** Takes the executor from its runs, as a close does first; false while one is in progress. */
    boolean claim() {
        return claimed.compareAndSet(false, true);
    }

    /** Gives back what {@link #claim} took, when a close does not go ahead. */
    void unclaim() {
        claimed.setRelease(false);
    }

    /** Frees the buffers of a claimed executor: no run holds them. */
    void closeClaimed() {
        synchronized (arena) {
            if (arena.scope().isAlive()) {
                arena.close();
            }
        }
    }

    /** Whether the executor is still open (its library is too, then). */
    boolean isOpen() {
        return arena.scope().isAlive();
    }

    private IllegalStateException unset() {
        List<String> unset = new ArrayList<>();
        for (ExecutorTensor tensor : inputs) {
            if (!tensor.ready()) {
                unset.add(tensor.toString());
            }
        }
        for (ExecutorTensor tensor : devices) {
            if (!tensor.ready()) {
                unset.add(tensor.toString());
            }
        }
        return new IllegalStateException("run() of " + model.cName() + " before "
                + String.join(", ", unset) + " " + (unset.size() == 1 ? "was" : "were")
                + " set; set every input" + (devices.isEmpty() ? "" : " and device") + " first");
    }

    private void checkOpen() {
        if (!arena.scope().isAlive()) {
            throw new IllegalStateException("the executor of " + model.cName() + " is closed"
                    + (library.isOpen() ? "" : ", as its " + library.description() + " is"));
        }
    }

    private ExecutorTensor input(String name) {
        checkOpen();
        return find(inputNames, TensorRole.INPUT, name);
    }

    private ExecutorTensor output(String name, Object data) {
        Objects.requireNonNull(data, "data");
        checkOpen();
        return find(outputNames, TensorRole.OUTPUT, name);
    }

    private ExecutorTensor find(Map<String, ExecutorTensor> names, TensorRole role, String name) {
        Objects.requireNonNull(name, "name");
        ExecutorTensor tensor = names.get(name);
        if (tensor == null) {
            throw new IllegalArgumentException("model " + model.cName() + " has no " + role + " '"
                    + name + "'; its " + role + "s: " + (names.isEmpty() ? "none"
                            : names.values().stream().distinct().map(ExecutorTensor::names)
                                    .collect(Collectors.joining(", "))));
        }
        return tensor;
    }
}

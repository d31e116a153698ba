package dev.tvmbind.runtime;

import dev.tvmbind.runtime.internal.FailedRun;
import dev.tvmbind.TensorRole;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;
import java.util.List;
import java.util.Objects;

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
 * <p>The executor owns a native buffer per input, output and workspace pool, allocated once at
 * the size the interface declares, 64-byte aligned; no call allocates once warm. Inputs and
 * devices stay set between runs. A wrong name, type or size ({@link IllegalArgumentException})
 * and a closed executor ({@link IllegalStateException}) are refused before any native call.
 *
 * <p>An executor is for one thread at a time, as TFLite's {@code Interpreter} is. Runs of one
 * model in one loaded library wait for each other unless the model is declared reentrant;
 * executors of private copies ({@link TvmLibrary#open(java.nio.file.Path, int)}) run in
 * parallel. Closing it, or its library, frees its buffers; a close during another thread's
 * {@link #run} throws instead. Plain entry points are called through the typed interface
 * ({@link TvmLibrary#model(Class)}): a name gives no signature.
 */
public final class TvmExecutor implements AutoCloseable {
    private final TvmLibrary library;
    /** Its buffers and structs; a close frees them once {@link #runs} lets it (no run in C). */
    final ExecutorMemory memory;
    /** How it calls the run function, and the state that keeps a close from freeing its memory. */
    final ExecutorRun runs;

    TvmExecutor(ModelInfo model, MemorySegment runFunction, FailedRun failedRun,
            TvmLibrary library) {
        this.library = library;
        this.memory = new ExecutorMemory(this, model, library);
        this.runs = new ExecutorRun(model, runFunction, failedRun, memory.structs.length);
    }

    /**
     * The model this executor runs.
     *
     * @return what its interface declares of it
     */
    public ModelInfo info() {
        return memory.model;
    }

    /**
     * The inputs, in TVM's struct order.
     *
     * @return each input's name, member, dtype, shape and size
     */
    public List<TensorInfo> inputs() {
        return memory.model.inputs();
    }

    /**
     * The outputs, in TVM's struct order.
     *
     * @return each output's name, member, dtype, shape and size
     */
    public List<TensorInfo> outputs() {
        return memory.model.outputs();
    }

    /**
     * Copies {@code data} into an input of {@code int8}, {@code uint8} or {@code bool}.
     * @param name the input's name as TVM wrote it, or its struct member
     * @param data exactly its elements
     */
    public void setInput(String name, byte[] data) {
        memory.input(name, data).copyIn(data, ValueLayout.JAVA_BYTE, data.length);
    }

    /**
     * Copies {@code data} into an input of {@code int16}, {@code uint16} or {@code float16}
     * (its bits).
     * @param name the input's name as TVM wrote it, or its struct member
     * @param data exactly its elements
     */
    public void setInput(String name, short[] data) {
        memory.input(name, data).copyIn(data, ValueLayout.JAVA_SHORT, data.length);
    }

    /**
     * Copies {@code data} into an input of {@code uint16}.
     * @param name the input's name as TVM wrote it, or its struct member
     * @param data exactly its elements
     */
    public void setInput(String name, char[] data) {
        memory.input(name, data).copyIn(data, ValueLayout.JAVA_CHAR, data.length);
    }

    /**
     * Copies {@code data} into an input of {@code int32} or {@code uint32}.
     * @param name the input's name as TVM wrote it, or its struct member
     * @param data exactly its elements
     */
    public void setInput(String name, int[] data) {
        memory.input(name, data).copyIn(data, ValueLayout.JAVA_INT, data.length);
    }

    /**
     * Copies {@code data} into an input of {@code int64} or {@code uint64}.
     * @param name the input's name as TVM wrote it, or its struct member
     * @param data exactly its elements
     */
    public void setInput(String name, long[] data) {
        memory.input(name, data).copyIn(data, ValueLayout.JAVA_LONG, data.length);
    }

    /**
     * Copies {@code data} into an input of {@code float32}.
     * @param name the input's name as TVM wrote it, or its struct member
     * @param data exactly its elements
     */
    public void setInput(String name, float[] data) {
        memory.input(name, data).copyIn(data, ValueLayout.JAVA_FLOAT, data.length);
    }

    /**
     * Copies {@code data} into an input of {@code float64}.
     * @param name the input's name as TVM wrote it, or its struct member
     * @param data exactly its elements
     */
    public void setInput(String name, double[] data) {
        memory.input(name, data).copyIn(data, ValueLayout.JAVA_DOUBLE, data.length);
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
        memory.input(name, data).copyIn(data);
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
        memory.input(name, data).adopt(data);
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
        memory.tensor(TensorRole.DEVICE, name).point(Objects.requireNonNull(context, "context"));
    }

    /**
     * Runs the model once on the inputs set.
     *
     * @throws IllegalStateException when an input or device was never set, a zero-copy input's
     *     arena is closed, or the executor is closed
     * @throws TvmException when the run function returns a non-zero status; until a run
     *     succeeds, {@code getOutput} then throws {@link IllegalStateException} (what C wrote
     *     before failing is not an output), as a binding's failed run leaves the caller's arrays
     *     as they were
     */
    public void run() {
        memory.checkReady();
        runs.run(memory);
        // A close waits for the run; reachable until here, the cleaner cannot free it either.
        Reference.reachabilityFence(this);
    }

    /**
     * Copies an output of {@code int8}, {@code uint8} or {@code bool} into {@code data}.
     * @param name the output's name as TVM wrote it, or its struct member
     * @param data room for exactly its elements
     */
    public void getOutput(String name, byte[] data) {
        memory.output(name, data).copyOut(data, ValueLayout.JAVA_BYTE, data.length);
    }

    /**
     * Copies an output of {@code int16}, {@code uint16} or {@code float16} (its bits) into
     * {@code data}.
     * @param name the output's name as TVM wrote it, or its struct member
     * @param data room for exactly its elements
     */
    public void getOutput(String name, short[] data) {
        memory.output(name, data).copyOut(data, ValueLayout.JAVA_SHORT, data.length);
    }

    /**
     * Copies an output of {@code uint16} into {@code data}.
     * @param name the output's name as TVM wrote it, or its struct member
     * @param data room for exactly its elements
     */
    public void getOutput(String name, char[] data) {
        memory.output(name, data).copyOut(data, ValueLayout.JAVA_CHAR, data.length);
    }

    /**
     * Copies an output of {@code int32} or {@code uint32} into {@code data}.
     * @param name the output's name as TVM wrote it, or its struct member
     * @param data room for exactly its elements
     */
    public void getOutput(String name, int[] data) {
        memory.output(name, data).copyOut(data, ValueLayout.JAVA_INT, data.length);
    }

    /**
     * Copies an output of {@code int64} or {@code uint64} into {@code data}.
     * @param name the output's name as TVM wrote it, or its struct member
     * @param data room for exactly its elements
     */
    public void getOutput(String name, long[] data) {
        memory.output(name, data).copyOut(data, ValueLayout.JAVA_LONG, data.length);
    }

    /**
     * Copies an output of {@code float32} into {@code data}.
     * @param name the output's name as TVM wrote it, or its struct member
     * @param data room for exactly its elements
     */
    public void getOutput(String name, float[] data) {
        memory.output(name, data).copyOut(data, ValueLayout.JAVA_FLOAT, data.length);
    }

    /**
     * Copies an output of {@code float64} into {@code data}.
     * @param name the output's name as TVM wrote it, or its struct member
     * @param data room for exactly its elements
     */
    public void getOutput(String name, double[] data) {
        memory.output(name, data).copyOut(data, ValueLayout.JAVA_DOUBLE, data.length);
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
        memory.output(name, data).copyOut(data);
    }

    /**
     * The output's buffer, read-only: what the last {@link #run} wrote, without a copy (after a
     * failed run, whatever C wrote before failing). It is valid as long as the executor is open;
     * reading it later throws {@link IllegalStateException}.
     *
     * @param name the output's name as TVM wrote it, or its struct member
     * @return a read-only view of the output's bytes
     * @throws IllegalArgumentException for an unknown name
     * @throws IllegalStateException when the executor is closed
     */
    public MemorySegment output(String name) {
        return memory.tensor(TensorRole.OUTPUT, name).view;
    }

    /**
     * Frees the executor's buffers, waiting for a {@link #run} in progress in another thread to
     * return (up to {@link TvmLibrary#CLOSE_WAIT}). Closing twice does nothing. A run that another
     * thread starts meanwhile waits for the close, then fails as the executor is closed.
     *
     * @throws IllegalStateException when a run is still in progress after the wait: nothing is
     *     closed then
     */
    @Override
    public void close() {
        boolean closed = memory.closeWhenIdle(runs);
        if (closed) {
            library.forget(this);
        }
    }
}

package dev.tvmbind.runtime;

import dev.tvmbind.TensorRole;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The native memory of a {@link TvmExecutor}: a buffer per input, output and workspace pool,
 * allocated once and aligned as TVM aligns its own, and TVM's structs of pointers in the order
 * the run function takes them ({@link TensorRole}). Freed by {@link #close}, or by a
 * {@link Cleaner} once the executor is unreachable.
 */
final class ExecutorMemory {
    /** TVM's own allocation alignment ({@code kAllocAlignment}). */
    private static final long ALIGNMENT = 64;

    /** Frees the buffers of an executor that was never closed, once it is unreachable. */
    private static final Cleaner BUFFERS = Cleaner.create();

    final ModelInfo model;
    private final TvmLibrary library;
    private final Arena arena;
    /** The address of each struct, as the run function takes them. */
    final long[] structs;
    /** Every tensor with a buffer, whose guard is checked after each run. */
    private final ExecutorTensor[] guarded;
    /**
     * What the caller must set before a run: the inputs and devices. An array: iterating a list
     * allocated an iterator per run where C2 did not inline {@code ready()} (32 B/op).
     */
    private final ExecutorTensor[] settable;
    private final Map<TensorRole, Map<String, ExecutorTensor>> byName = new EnumMap<>(TensorRole.class);

    ExecutorMemory(TvmExecutor owner, ModelInfo model, TvmLibrary library) {
        this.model = model;
        this.library = library;
        this.arena = Arena.ofShared();
        BUFFERS.register(owner, closer(arena));
        List<Long> structAddresses = new ArrayList<>();
        List<ExecutorTensor> all = new ArrayList<>();
        for (TensorRole role : TensorRole.values()) {
            List<TensorInfo> ofRole = tensors(model, role);
            // Inputs and outputs always have a struct; pools and devices when there are any.
            if (ofRole.isEmpty() && role != TensorRole.INPUT && role != TensorRole.OUTPUT) {
                continue;
            }
            MemorySegment struct = arena.allocate(ValueLayout.ADDRESS, Math.max(1, ofRole.size()));
            structAddresses.add(struct.address());
            Map<String, ExecutorTensor> names = new LinkedHashMap<>();
            for (int slot = 0; slot < ofRole.size(); slot++) {
                TensorInfo tensor = ofRole.get(slot);
                MemorySegment buffer = role == TensorRole.DEVICE ? null : allocate(role, tensor);
                ExecutorTensor made = new ExecutorTensor(this, role, tensor, buffer, struct, slot);
                all.add(made);
                names.put(tensor.name(), made);
                names.putIfAbsent(tensor.member(), made);
            }
            byName.put(role, names);
        }
        structs = structAddresses.stream().mapToLong(Long::longValue).toArray();
        guarded = all.stream().filter(t -> t.view != null).toArray(ExecutorTensor[]::new);
        settable = all.stream().filter(ExecutorTensor::settable).toArray(ExecutorTensor[]::new);
    }

    /** The model's tensors of {@code role}, in struct order. */
    static List<TensorInfo> tensors(ModelInfo model, TensorRole role) {
        return switch (role) {
            case INPUT -> model.inputs();
            case OUTPUT -> model.outputs();
            case WORKSPACE_POOL -> model.workspacePools();
            case DEVICE -> model.devices();
        };
    }

    /** Refuses a model with a tensor of unknown size, for which no buffer can be allocated. */
    static void checkSizes(ModelInfo model) {
        List<String> unsized = new ArrayList<>();
        for (TensorRole role : TensorRole.values()) {
            // A device is a context pointer the caller gives; every other tensor needs a buffer.
            if (role != TensorRole.DEVICE) {
                tensors(model, role).stream().filter(t -> t.bytes().orElse(0) <= 0)
                        .forEach(t -> unsized.add("'" + t.name() + "'"));
            }
        }
        if (!unsized.isEmpty()) {
            throw new IllegalArgumentException("model " + model.cName() + " does not declare the"
                    + " size of " + String.join(", ", unsized) + ", so an executor cannot allocate"
                    + " it: give size, or shape and dtype, in its interface");
        }
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

    /** A tensor's buffer and its guard; a size the machine cannot give is refused, saying so. */
    private MemorySegment allocate(TensorRole role, TensorInfo tensor) {
        try {
            return arena.allocate(tensor.bytes().orElseThrow() + Long.BYTES, ALIGNMENT);
        } catch (OutOfMemoryError | IllegalArgumentException e) {
            arena.close();
            throw new IllegalArgumentException("cannot allocate the " + tensor.bytes().orElseThrow()
                    + " bytes of "
                    + role + " '" + tensor.name() + "' of model " + model.cName() + " for an"
                    + " executor: " + e, e);
        }
    }

    /** The tensor of that role and name (TVM's or the struct member's), or an exception listing them. */
    ExecutorTensor find(TensorRole role, String name) {
        Map<String, ExecutorTensor> names = byName.getOrDefault(role, Map.of());
        ExecutorTensor tensor = names.get(name);
        if (tensor == null) {
            throw new IllegalArgumentException("model " + model.cName() + " has no " + role + " '"
                    + name + "'; its " + role + "s: " + (names.isEmpty() ? "none"
                            : names.values().stream().distinct().map(ExecutorTensor::names)
                                    .collect(Collectors.joining(", "))));
        }
        return tensor;
    }

    /** The tensor of that role and name, of an open executor. */
    ExecutorTensor tensor(TensorRole role, String name) {
        Objects.requireNonNull(name, "name");
        checkOpen();
        return find(role, name);
    }

    /** The input of that name, of an open executor, to set from {@code data}. */
    ExecutorTensor input(String name, Object data) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(data, "data");
        checkOpen();
        return find(TensorRole.INPUT, name);
    }

    /**
     * The last run's failure, or null: what C wrote before it returned a non-zero status is not
     * an output (a binding, in the same case, leaves the caller's arrays as they were).
     */
    private volatile TvmException failed;

    /** Records how the run that just ended went. */
    void ran(TvmException failure) {
        failed = failure;
    }

    /** The output of that name, of an open executor whose last run succeeded, for {@code data}. */
    ExecutorTensor output(String name, Object data) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(data, "data");
        checkOpen();
        TvmException failure = failed;
        if (failure != null) {
            throw new IllegalStateException("the last run failed (" + failure.getMessage()
                    + "): its outputs are not the model's; run it again", failure);
        }
        return find(TensorRole.OUTPUT, name);
    }

    /** Refuses a run of a closed executor, or before every input and device was set. */
    void checkReady() {
        checkOpen();
        boolean ready = true;
        for (ExecutorTensor tensor : settable) {
            ready &= tensor.ready();
        }
        if (ready) {
            return;
        }
        List<String> unset = Arrays.stream(settable).filter(t -> !t.ready()).map(Object::toString)
                .toList();
        boolean devices = !byName.getOrDefault(TensorRole.DEVICE, Map.of()).isEmpty();
        throw new IllegalStateException("run() of " + model.cName() + " before "
                + String.join(", ", unset) + " " + (unset.size() == 1 ? "was" : "were")
                + " set; set every input" + (devices ? " and device" : "") + " first");
    }

    /** Refuses what a run wrote past a buffer's end (it stayed in the guard). */
    void checkGuards() {
        for (ExecutorTensor tensor : guarded) {
            if (tensor.overrun()) {
                throw new IllegalStateException(model.runSymbol().orElseThrow() + " wrote past the"
                        + " end of " + tensor + ", " + tensor.info.bytes().orElseThrow()
                        + " bytes as declared: the"
                        + " model's C and its interface disagree (the overflow stayed in the"
                        + " executor's memory)");
            }
        }
    }

    /** Refuses use of a closed executor, saying when its library's close closed it. */
    void checkOpen() {
        if (!arena.scope().isAlive()) {
            throw new IllegalStateException("the executor of " + model.cName() + " is closed"
                    + (library.isOpen() ? "" : ", as its " + library.description() + " is"));
        }
    }

    boolean isOpen() {
        return arena.scope().isAlive();
    }

    /** Frees the buffers; the caller has made sure no run uses them. */
    void close() {
        synchronized (arena) {
            if (arena.scope().isAlive()) {
                arena.close();
            }
        }
    }

    /**
     * Frees the buffers once no run uses them, as {@link TvmExecutor#close} does: waits for a run
     * in progress in another thread up to {@link TvmLibrary#CLOSE_WAIT}.
     *
     * @return whether this call closed them (false when they were closed already)
     * @throws IllegalStateException naming the model when a run is still in progress after the
     *     wait; nothing is closed then
     */
    boolean closeWhenIdle(ExecutorRun runs) {
        boolean began;
        try {
            began = runs.beginClose(System.nanoTime() + TvmLibrary.CLOSE_WAIT.toNanos());
        } catch (IllegalStateException e) {
            throw new IllegalStateException("cannot close the executor of " + model.cName()
                    + " while its run() is in progress in another thread (waited "
                    + TvmLibrary.CLOSE_WAIT.toSeconds() + " s)", e);
        }
        if (!began) {
            return false;
        }
        close();
        runs.endClose(true);
        return true;
    }
}

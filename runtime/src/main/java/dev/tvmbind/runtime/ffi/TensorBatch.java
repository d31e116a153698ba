package dev.tvmbind.runtime.ffi;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.Cleaner;
import java.lang.ref.WeakReference;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import java.util.function.LongUnaryOperator;

/**
 * The references of returned tensors, kept by the thread that received them in batches of up to
 * {@value #SLOTS}: what the garbage collector releases for the tensors nobody closes.
 *
 * <p>Why batches: a safety net per tensor (a {@code Cleaner} registration) cost 50 ns of a call
 * whose FFM part takes 40, and a counter shared by all threads two atomic updates more. A batch is
 * one registration for {@value #SLOTS} tensors; its tensors each reference it, so the collector
 * finds it unreachable once all of them are, and then releases those never closed. A tensor
 * closed on the thread that received it, while its batch is that thread's current one, touches
 * nothing shared: its slot and the batch's open bytes are that thread's. The price: a tensor left
 * unclosed is released only once every tensor of its batch is unreachable.
 *
 * <p>A full batch is looked at when the next tensor comes (its last tensor most often closed by
 * then): with every reference dropped it is emptied and filled again, one registration for the
 * thread's life; with some still held it is sealed and a new one begun.
 *
 * <p>Counting for {@link UnclosedTensors}: a batch adds the bytes still open when it is sealed
 * (full with tensors open, past {@link #SEALED_BYTES}, or another runtime's tensor arrives), and
 * each release after subtracts its own. A release on another thread before the seal goes to
 * {@code foreign}, which the seal takes; after it, {@code foreign} holds {@link #SEALED} and the
 * release goes to the count.
 */
final class TensorBatch {
    static final int SLOTS = 64;
    /** A batch holding more open bytes than this is sealed: what a thread may hold uncounted. */
    private static final long SEALED_BYTES = Math.max(UnclosedTensors.BOUND / SLOTS, 1);
    private static final long SEALED = Long.MIN_VALUE;
    private static final Cleaner CLEANER = Cleaner.create();
    /**
     * Each thread's batch, weakly: a thread that stops receiving tensors must not keep its last
     * ones from the collector. Once {@code get()} returns it, the tensor about to hold it keeps it.
     */
    private static final ThreadLocal<WeakReference<TensorBatch>> CURRENT = new ThreadLocal<>();
    private static final VarHandle OBJECTS = MethodHandles.arrayElementVarHandle(long[].class);

    /** The references and their count, apart from the batch so the cleaner can run. */
    private static final class Slots implements Runnable {
        private final long[] objects = new long[SLOTS];
        private final long[] bytes = new long[SLOTS];
        private final LongUnaryOperator retain;
        private final LongConsumer drop;
        private final Thread owner = Thread.currentThread();
        /** The owner's: slots used, and bytes admitted minus those it released before the seal. */
        private int used;
        private long open;
        private volatile boolean sealed;
        private final AtomicLong foreign = new AtomicLong();

        Slots(LongUnaryOperator retain, LongConsumer drop) {
            this.retain = retain;
            this.drop = drop;
        }

        /**
         * Whether every reference was dropped, the batch then emptied for the owner to fill again:
         * once the count of foreign releases meets what is open, none is still under way.
         */
        boolean emptied() {
            long before = foreign.get();
            if (open != before) {
                return false;
            }
            foreign.set(0);
            open = 0;
            used = 0;
            return true;
        }

        /**
         * The cleaner's: no tensor of the batch is reachable, so nobody else releases. A batch
         * never sealed (its thread stopped, or died) was never counted.
         */
        @Override
        public void run() {
            for (int slot = 0; slot < used; slot++) {
                long object = (long) OBJECTS.getAcquire(objects, slot);
                if (object != 0) {
                    objects[slot] = 0;
                    drop.accept(object);
                    if (sealed) {
                        UnclosedTensors.released(bytes[slot]);
                    }
                }
            }
        }
    }

    private final Slots slots;
    private final Cleaner.Cleanable cleanable;

    private TensorBatch(LongUnaryOperator retain, LongConsumer drop) {
        this.slots = new Slots(retain, drop);
        this.cleanable = CLEANER.register(this, slots);
    }

    /**
     * The batch that holds a returned tensor's reference from now on, on the calling thread.
     *
     * @param object TVM's object, whose one reference the batch now holds
     * @param bytes the tensor's data bytes
     * @param retain takes one more reference on an object of the runtime that made it
     * @param drop drops one reference on an object of that runtime
     * @return the batch; the tensor's slot is {@link #lastSlot()}
     */
    static TensorBatch admit(long object, long bytes, LongUnaryOperator retain,
            LongConsumer drop) {
        WeakReference<TensorBatch> current = CURRENT.get();
        TensorBatch batch = current == null ? null : current.get();
        if (batch == null || batch.slots.used == SLOTS && !batch.slots.emptied()
                || batch.slots.drop != drop) {
            if (batch != null) {
                batch.seal();
            }
            batch = new TensorBatch(retain, drop);
            CURRENT.set(new WeakReference<>(batch));
        }
        Slots slots = batch.slots;
        int slot = slots.used++;
        slots.objects[slot] = object;
        slots.bytes[slot] = bytes + UnclosedTensors.OVERHEAD;
        slots.open += bytes + UnclosedTensors.OVERHEAD;
        if (slots.open > SEALED_BYTES) {
            CURRENT.remove();
            batch.seal();
        }
        return batch;
    }

    /** The runtime's: one more reference on an object its tensors hold. */
    LongUnaryOperator retain() {
        return slots.retain;
    }

    /** The runtime's: drops one reference. */
    LongConsumer drop() {
        return slots.drop;
    }

    /** The slot of the tensor {@link #admit} took last: read by it on the same thread. */
    int lastSlot() {
        return slots.used - 1;
    }

    /** Drops the reference in {@code slot}: once, by the tensor's one release. */
    void release(int slot) {
        Slots slots = this.slots;
        long object = slots.objects[slot];
        OBJECTS.setRelease(slots.objects, slot, 0L);
        slots.drop.accept(object);
        long bytes = slots.bytes[slot];
        if (Thread.currentThread() == slots.owner && !slots.sealed) {
            slots.open -= bytes;
            return;
        }
        for (;;) {
            long before = slots.foreign.get();
            if (before == SEALED) {
                UnclosedTensors.released(bytes);
                return;
            }
            if (slots.foreign.compareAndSet(before, before + bytes)) {
                return;
            }
        }
    }

    /** Counts what is still open; unregisters a batch with nothing left to release. */
    private void seal() {
        slots.sealed = true;
        long open = slots.open - slots.foreign.getAndSet(SEALED);
        if (open == 0) {
            cleanable.clean();
        } else {
            UnclosedTensors.admit(open);
        }
    }
}

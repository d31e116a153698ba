package dev.tvmbind.runtime.relax;

import dev.tvmbind.runtime.internal.ffi.RelaxMachine;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A module's VMs, each lent to one caller at a time. Why not a blocking queue: its lock taken
 * twice a call cost about 40 ns of a 700 ns Relax call (measured); here a free VM is taken by one
 * CAS and given back by one volatile store, and the lock is taken only by callers that found every
 * VM busy, and by a give-back that sees such callers waiting.
 *
 * <p>A VM's state: free, lent, or retired (released with the module's close). The one CAS that
 * moves a VM from free to retired releases it, whether the close or a late give-back makes it.
 */
final class VmPool {
    private static final int FREE = 0;
    private static final int LENT = 1;
    private static final int RETIRED = 2;
    /** How often a waiting caller looks whether the module closed. */
    private static final long RECHECK_MILLIS = 100;

    private final RelaxMachine[] machines;
    private final AtomicIntegerArray states;
    private final RelaxModule module;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition freed = lock.newCondition();
    /** Callers waiting for a VM (changed under {@link #lock}). */
    private volatile int waiting;

    VmPool(List<RelaxMachine> machines, RelaxModule module) {
        this.machines = machines.toArray(RelaxMachine[]::new);
        this.states = new AtomicIntegerArray(this.machines.length);
        this.module = module;
    }

    /**
     * A free VM, now the caller's; waits while every VM is lent.
     *
     * @throws IllegalStateException when the module closes first
     */
    RelaxMachine lend() {
        module.checkOpen();
        RelaxMachine machine = tryLend();
        return machine != null ? machine : lendWhenFree();
    }

    private RelaxMachine lendWhenFree() {
        lock.lock();
        try {
            waiting++;
            try {
                for (;;) {
                    module.checkOpen();
                    RelaxMachine machine = tryLend();
                    if (machine != null) {
                        return machine;
                    }
                    freed.await(RECHECK_MILLIS, TimeUnit.MILLISECONDS);
                }
            } finally {
                waiting--;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a free VM", e);
        } finally {
            lock.unlock();
        }
    }

    private RelaxMachine tryLend() {
        for (int i = 0; i < machines.length; i++) {
            if (states.get(i) == FREE && states.compareAndSet(i, FREE, LENT)) {
                return machines[i];
            }
        }
        return null;
    }

    /** Takes a lent VM back; after the module's close, retires it. */
    void giveBack(RelaxMachine machine) {
        int i = indexOf(machine);
        // A volatile store, then a volatile read of waiting: a caller that counted itself as
        // waiting before this store either finds the VM free or is signalled.
        states.set(i, FREE);
        if (waiting > 0) {
            lock.lock();
            try {
                freed.signal();
            } finally {
                lock.unlock();
            }
        }
        if (module.closed()) {
            retireIfFree(i);
        }
    }

    /**
     * Retires every free VM and wakes the waiting callers, who then find the module closed: the
     * module's close (a lent VM is retired when given back).
     */
    void retireFree() {
        for (int i = 0; i < machines.length; i++) {
            retireIfFree(i);
        }
        lock.lock();
        try {
            freed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void retireIfFree(int i) {
        if (states.compareAndSet(i, FREE, RETIRED)) {
            module.retire(machines[i]);
        }
    }

    private int indexOf(RelaxMachine machine) {
        for (int i = 0; i < machines.length; i++) {
            if (machines[i] == machine) {
                return i;
            }
        }
        throw new IllegalArgumentException("not a VM of this module");
    }
}

package dev.tvmbind.runtime.relax;

import java.util.Objects;

/**
 * How a Relax library runs: on which device, with which of TVM's allocators, in how many VMs.
 *
 * @param deviceType DLPack's device type: 1 the CPU (the only one tested here)
 * @param deviceId the device's number
 * @param allocator how the VM allocates its tensors
 * @param vms how many VMs serve calls: one call at a time each (a VM is not reentrant), so this
 *     many calls run at once
 */
public record RelaxOptions(int deviceType, int deviceId, Allocator allocator, int vms) {
    /** The most VMs one library may have: each holds its own registers and constants' views. */
    public static final int MOST_VMS = 1024;

    /** The CPU, TVM's pooled allocator, one VM: calls from any number of threads take turns. */
    public static final RelaxOptions DEFAULT = new RelaxOptions(1, 0, Allocator.POOLED, 1);

    /** TVM's allocators, as {@code vm_initialization} numbers them. */
    public enum Allocator {
        /** Each tensor allocated and freed on its own. */
        NAIVE(1),
        /** TVM's pool, one per device per process, shared by every VM: memory it keeps is reused. */
        POOLED(2);

        private final int code;

        Allocator(int code) {
            this.code = code;
        }

        /**
         * The number {@code vm_initialization} takes.
         *
         * @return 1 or 2
         */
        public int code() {
            return code;
        }
    }

    /**
     * Checks the options.
     *
     * @throws IllegalArgumentException for a device type below 1, a negative device number, or
     *     a number of VMs outside 1 to {@link #MOST_VMS}
     */
    public RelaxOptions {
        Objects.requireNonNull(allocator, "allocator");
        if (deviceType < 1 || deviceId < 0) {
            throw new IllegalArgumentException("no device (" + deviceType + ", " + deviceId
                    + "): DLPack's device types start at 1 (the CPU), numbers at 0");
        }
        if (vms < 1 || vms > MOST_VMS) {
            throw new IllegalArgumentException(vms + " VMs: from 1 to " + MOST_VMS);
        }
    }

    /**
     * The same options with {@code vms} VMs.
     *
     * @param vms how many calls run at once
     * @return the options
     */
    public RelaxOptions withVms(int vms) {
        return new RelaxOptions(deviceType, deviceId, allocator, vms);
    }
}

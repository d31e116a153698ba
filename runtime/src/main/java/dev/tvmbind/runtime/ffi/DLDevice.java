package dev.tvmbind.runtime.ffi;

import dev.tvmbind.DeviceType;
import java.util.Arrays;

/**
 * A DLPack device ({@code DLDevice}), tvm-ffi's {@code Device}: where a tensor's data lives, as a
 * kernel or TVM's runtime names it.
 *
 * @param type DLPack's {@code DLDeviceType}: 1 CPU, 2 CUDA, 3 CUDA host memory, 4 OpenCL, 7 Vulkan,
 *     8 Metal, 10 ROCm, …
 * @param id which device of that type, from 0
 */
public record DLDevice(int type, int id) {
    /** The CPU, {@code kDLCPU:0}. */
    public static final DLDevice CPU = new DLDevice(1, 0);

    /**
     * Checks the ranges DLPack allows.
     *
     * @throws IllegalArgumentException for a type below 1 or an id below 0
     */
    public DLDevice {
        if (type < 1 || id < 0) {
            throw new IllegalArgumentException("not a DLPack device: type " + type + ", id " + id
                    + " (type 1 or more, id 0 or more)");
        }
    }

    /**
     * A CUDA device, {@code kDLCUDA}.
     *
     * @param id which one, from 0
     * @return {@code cuda:id}
     */
    public static DLDevice cuda(int id) {
        return new DLDevice(2, id);
    }

    /** As TVM names it, as a declared tensor's message does: {@code cuda_host:0}. */
    @Override
    public String toString() {
        return Arrays.stream(DeviceType.values()).filter(d -> d.code() == type).findFirst()
                .map(DeviceType::tvmName).orElse("device" + type) + ":" + id;
    }
}

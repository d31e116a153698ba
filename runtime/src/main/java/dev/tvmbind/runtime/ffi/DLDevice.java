package dev.tvmbind.runtime.ffi;

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

    @Override
    public String toString() {
        String name = switch (type) {
            case 1 -> "cpu";
            case 2 -> "cuda";
            case 3 -> "cuda_host";
            case 4 -> "opencl";
            case 7 -> "vulkan";
            case 8 -> "metal";
            case 10 -> "rocm";
            default -> "device" + type;
        };
        return name + ":" + id;
    }
}

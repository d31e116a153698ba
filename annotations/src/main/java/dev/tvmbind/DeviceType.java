package dev.tvmbind;

/**
 * Where a tensor's data lives: DLPack's {@code DLDeviceType}, by its code, as a {@link Shape}
 * declares the devices a tensor may be on.
 */
public enum DeviceType {
    /** {@code kDLCPU}: host memory. */
    CPU(1),
    /** {@code kDLCUDA}: an NVIDIA GPU's memory. */
    CUDA(2),
    /** {@code kDLCUDAHost}: pinned host memory, {@code cudaMallocHost}'s. */
    CUDA_HOST(3),
    /** {@code kDLOpenCL}. */
    OPENCL(4),
    /** {@code kDLVulkan}. */
    VULKAN(7),
    /** {@code kDLMetal}. */
    METAL(8),
    /** {@code kDLVPI}: Verilog simulator buffers. */
    VPI(9),
    /** {@code kDLROCM}: an AMD GPU's memory. */
    ROCM(10),
    /** {@code kDLROCMHost}: pinned host memory, {@code hipMallocHost}'s. */
    ROCM_HOST(11),
    /** {@code kDLExtDev}: a device an extension defines. */
    EXT_DEV(12),
    /** {@code kDLCUDAManaged}: CUDA unified memory. */
    CUDA_MANAGED(13),
    /** {@code kDLOneAPI}: a SYCL device. */
    ONE_API(14),
    /** {@code kDLWebGPU}. */
    WEBGPU(15),
    /** {@code kDLHexagon}: a Qualcomm Hexagon DSP. */
    HEXAGON(16),
    /** {@code kDLMAIA}: Microsoft's MAIA. */
    MAIA(17),
    /** {@code kDLTrn}: AWS Trainium. */
    TRN(18);

    private final int code;

    DeviceType(int code) {
        this.code = code;
    }

    /**
     * DLPack's code.
     *
     * @return {@code kDLCPU} is 1
     */
    public int code() {
        return code;
    }

    /**
     * As TVM and DLPack's Python name it: {@code cpu}, {@code cuda_host}.
     *
     * @return the lower-case name
     */
    public String tvmName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}

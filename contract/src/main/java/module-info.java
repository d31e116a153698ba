/**
 * The model contract that every part of tvmbind shares: what a model is ({@link
 * dev.tvmbind.contract.ModelContract}), how its C names are composed ({@link
 * dev.tvmbind.contract.CNames}), the record javac leaves beside the classes ({@link
 * dev.tvmbind.contract.CheckRecord}), the platform's name and the version of generated code's
 * contract with the runtime. No library of its own, Java 17, so that the processor, the check, the
 * Maven goal and the runtime all read the one copy.
 */
module dev.tvmbind.contract {
    requires transitive dev.tvmbind;

    exports dev.tvmbind.contract;
}

package dev.tvmbind.contract;

/**
 * One {@code @EntryPoint} method of a model, as its C symbol and its messages need it.
 *
 * @param function the C function's name, the symbol's last part, e.g. {@code run}
 * @param signature how messages name the method, e.g. {@code run(byte[], byte[])}
 * @param tensor whether it is TVM's run function (its parameters play tensor roles)
 */
public record EntryPointContract(String function, String signature, boolean tensor) {}

package dev.tvmbind.runtime.ffi;

import dev.tvmbind.contract.FfiFunctionContract;
import java.util.Optional;

/**
 * One function of a {@code @TvmFfi} interface (a view of its contract, as the binding states it):
 * its method, what it calls, and the schema its library exported, which the load compared with
 * the method. A binding's {@code INFO} lists its functions as declared; its
 * {@code functions(binding)} lists them as loaded, saying which were checked against a schema
 * and which load unchecked (a library built without
 * {@code -DTVM_FFI_DLL_EXPORT_INCLUDE_METADATA=1}, a global function: the callee checks its own
 * arguments at the call).
 */
public final class FfiFunction {
    private final FfiFunctionContract contract;
    private final Optional<String> schema;
    private final Optional<String> unchecked;

    private FfiFunction(FfiFunctionContract contract, Optional<String> schema,
            Optional<String> unchecked) {
        this.contract = contract;
        this.schema = schema;
        this.unchecked = unchecked;
    }

    /**
     * The method as Java declares it.
     *
     * @return {@code long add(long a, long b)}
     */
    public String method() {
        return contract.method();
    }

    /**
     * What it calls: the exported symbol, or for a {@code @Global} function {@code global:} and
     * its name in TVM's registry.
     *
     * @return {@code __tvm_ffi_add}, {@code global:ffi.String}
     */
    public String symbol() {
        return contract.symbol();
    }

    /**
     * The type schema the library exported for it, which the load found to agree with the method.
     *
     * @return {@code [int, int] -> int}; empty in {@code INFO}, and for a function loaded unchecked
     */
    public Optional<String> schema() {
        return schema;
    }

    /**
     * Whether the load compared the method with an exported schema.
     *
     * @return {@code schema().isPresent()}
     */
    public boolean checked() {
        return schema.isPresent();
    }

    /**
     * Why the load compared no schema with the method, for a function loaded unchecked: no
     * metadata exported, a global or packed function, or metadata tvmbind could not read (that
     * one also a warning on the {@code dev.tvmbind} logger at load).
     *
     * @return the reason; empty in {@code INFO}, and for a function checked
     */
    public Optional<String> unchecked() {
        return unchecked;
    }

    @Override
    public String toString() {
        return method() + " -> " + symbol() + schema.map(s -> ", checked against " + s)
                .orElse(unchecked.map(why -> ", unchecked: " + why).orElse(""));
    }
}

package dev.tvmbind.check.tvm;

import java.util.List;
import java.util.Optional;

/**
 * What differs between the C interface headers of TVM's releases, as far as tvmbind's header
 * must follow to equal one byte for byte.
 *
 * @param tensorSizeMacros whether inputs and outputs get {@code _SIZE} macros (TVM 0.11 and later)
 * @param workspaceSizeMacro whether the header has the {@code _WORKSPACE_SIZE} macro (TVM 0.9 and
 * later)
 * @param sizeMacroOrder the members in the order TVM wrote their size macros (TVM iterates a map
 *     there, which need not keep the struct order); empty for the declaration order
 */
public record HeaderStyle(boolean tensorSizeMacros, boolean workspaceSizeMacro,
        Optional<List<String>> sizeMacroOrder) {

    /**
     * TVM v0.18's header, the one tvmbind writes (TVM v0.18's src/target/source/interface_c.cc,
     * README's "What is generated").
     */
    public static final HeaderStyle CURRENT = new HeaderStyle(true, true, Optional.empty());
}

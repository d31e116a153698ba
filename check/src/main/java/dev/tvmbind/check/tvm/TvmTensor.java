package dev.tvmbind.check.tvm;

import java.util.List;
import java.util.Optional;

/**
 * A tensor, workspace pool or device as TVM's output records it.
 *
 * @param member the struct member in TVM's header (the sanitised name)
 * @param name the name as TVM's {@code metadata.json} writes it, or the member when only the
 *     header names it
 * @param dtype the dtype, when {@code metadata.json} records one
 * @param size the size in bytes from the header's macro or {@code metadata.json}; 0 when neither
 *     gives one (devices always)
 * @param shape the shape main's signature in TVM's Relay text gives, when there is one
 */
public record TvmTensor(String member, String name, Optional<String> dtype, long size,
        Optional<List<Long>> shape) {
    public TvmTensor {
        shape = shape.map(List::copyOf);
    }

    /** A tensor whose shape TVM's output does not record. */
    public TvmTensor(String member, String name, Optional<String> dtype, long size) {
        this(member, name, dtype, size, Optional.empty());
    }
}

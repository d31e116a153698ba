package dev.tvmbind.it;

import dev.tvmbind.TvmFfi;
import dev.tvmbind.runtime.ffi.Tensor;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The functions of {@code src/test/ffi/ffi_containers.cc}: {@code Optional}, {@code ffi.Array} and
 * {@code ffi.Map}.
 */
@TvmFfi
public interface FfiContainers {
    long sumList(List<Long> xs);

    List<Long> range(long n);

    List<String> words(String text);

    String join(List<String> words);

    long orZero(Optional<Long> x);

    Optional<String> firstLong(List<String> words, long length);

    List<List<Long>> pairs(long n);

    double sumTensors(List<Tensor> tensors);

    List<Tensor> twoTensors(long n);

    long count(Optional<Tensor> x);

    long sumValues(Map<String, Long> m);

    Map<String, Long> lengths(List<String> words);

    Map<Long, List<String>> byLength(List<String> words);

    /** {@code {"a": [n tensors], "b": []}}, each tensor's data counted by the library. */
    Map<String, List<Tensor>> countedTensors(long n);

    long countedAllocated();

    long countedFreed();

    /** Keeps the list; returns its references after taking its own. */
    long keep(List<Tensor> tensors);

    /** The kept list's references, its first tensor's, and that tensor's first element. */
    List<Double> keptState();

    void dropKept();

    /** {@code ffi.Shape} ↔ {@code long[]}. */
    long shapeProduct(long[] shape);

    long[] reversed(long[] shape);

    List<long[]> prefixes(long n);

    long volumes(Map<String, long[]> shapes);
}

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
}

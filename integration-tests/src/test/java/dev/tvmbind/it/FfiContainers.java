package dev.tvmbind.it;

import dev.tvmbind.TvmFfi;
import dev.tvmbind.runtime.ffi.Tensor;
import java.util.List;
import java.util.Optional;

/** The functions of {@code src/test/ffi/ffi_containers.cc}: {@code Optional} and {@code ffi.Array}. */
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
}

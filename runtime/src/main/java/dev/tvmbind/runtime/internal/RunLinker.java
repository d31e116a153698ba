package dev.tvmbind.runtime.internal;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * Links one of TVM's functions with the native access of the module that holds a model's
 * generated code: each binding's {@code Provider} implements it, so that executors and the
 * handling of failed runs call native code under the application's grant, never the runtime's.
 * Only the descriptors {@link TvmFunction} offers can be asked for.
 */
public interface RunLinker {
    /**
     * A downcall of {@code function} at {@code address}.
     *
     * @param function which of TVM's functions it is
     * @param address the function's address, from the model's library
     * @return the handle
     */
    MethodHandle downcall(TvmFunction function, MemorySegment address);
}

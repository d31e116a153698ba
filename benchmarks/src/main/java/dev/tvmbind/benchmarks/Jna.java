package dev.tvmbind.benchmarks;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;

/** JNA bindings of the same functions, in both of JNA's styles. */
final class Jna {
    private Jna() {}

    /** Direct mapping: native static methods registered with JNA. */
    static final class Direct {
        private Direct() {}

        static {
            Native.register(NativeLibrary.getInstance(dev.tvmbind.benchmarks.Library.path().toString()));
        }

        static native int tvmgen_bench_add(int a, int b);

        static native int tvmgen_bench_answer();
    }

    /** Interface mapping: a proxy implementing an interface. */
    interface Mapped extends Library {
        int tvmgen_bench_add(int a, int b);

        int tvmgen_bench_answer();
    }

    static final Mapped MAPPED = Native.load(dev.tvmbind.benchmarks.Library.path().toString(),
            Mapped.class);
}

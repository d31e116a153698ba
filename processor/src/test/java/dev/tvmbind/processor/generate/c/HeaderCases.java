package dev.tvmbind.processor.generate.c;

import com.google.testing.compile.JavaFileObjects;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.tools.JavaFileObject;

/** The models whose headers are checked byte for byte and compiled by gcc: header name → source. */
public final class HeaderCases {
    private HeaderCases() {}

    public static Map<String, JavaFileObject> all() {
        Map<String, JavaFileObject> cases = new LinkedHashMap<>();
        cases.put("tvmgen_default.h", source("SpecExample", """
                @TvmModel(name = "default")
                interface SpecExample {
                    @EntryPoint void run(@Input(value = "input", size = 4) MemorySegment input,
                                         @Output(value = "output", size = 4) MemorySegment output);
                }
                """));
        cases.put("tvmgen_ultimate_cat_spotter.h", source("CatSpotter", """
                @TvmModel(name = "ultimate_cat_spotter", workspaceSize = 765432)
                interface CatSpotter {
                    @EntryPoint int classify(@Input(value = "input1", size = 537) MemorySegment a,
                                             @Input(value = "input2", size = 213) byte[] b,
                                             @Output(value = "output1", size = 22) float[] c,
                                             @Output(value = "output2", size = 76) MemorySegment d);
                }
                """));
        cases.put("tvmgen_tflite_model.h", source("TfliteModel", """
                @TvmModel
                interface TfliteModel {
                    @EntryPoint int run(
                        @Input(value = "serving_default_x:0", size = 3072) MemorySegment x,
                        @Output(value = "StatefulPartitionedCall:0", size = 40) float[] y);
                }
                """));
        cases.put("tvmgen_on_npu.h", source("OnNpu", """
                @TvmModel(name = "on_npu")
                interface OnNpu {
                    @EntryPoint int run(@Input MemorySegment input, @Output MemorySegment output,
                                        @Device("ethos-u") MemorySegment npu,
                                        @Device MemorySegment dsp);
                }
                """));
        cases.put("tvmgen_pooled.h", source("Pooled", """
                @TvmModel(workspaceSize = 1024)
                interface Pooled {
                    @EntryPoint void infer(@Device("npu") MemorySegment npu,
                                           @WorkspacePool(value = "sram", size = 65536) MemorySegment sram,
                                           @Output(value = "out", size = 8) MemorySegment out,
                                           @WorkspacePool("flash") MemorySegment flash,
                                           @Input(value = "in", size = 16) short[] in);
                }
                """));
        cases.put("tvmgen_shaped.h", source("Shaped", """
                @TvmModel(name = "shaped", workspaceSize = 56448)
                interface Shaped {
                    @EntryPoint int run(
                        @Input(value = "input_1", dtype = "int8", shape = {1, 49, 10, 1}) byte[] audio,
                        @Input(value = "gain", dtype = "float32", shape = {1}) MemorySegment gain,
                        @Output(value = "Identity", dtype = "uint8", shape = {1, 12}) byte[] scores);
                }
                """));
        cases.put("acme_kws.h", source("Kws", """
                @TvmModel(name = "kws", prefix = "acme", workspaceSize = 2048)
                interface Kws {
                    @EntryPoint int run(@Input(value = "audio", size = 1960) byte[] audio,
                                        @Output(value = "scores", size = 12) byte[] scores);
                }
                """));
        cases.put("tvmgen_every_type.h", source("EveryType", """
                @TvmModel
                interface EveryType {
                    @EntryPoint int run(@Input MemorySegment in, @Output MemorySegment out);

                    /**
                     * Adds the small ones. The rest of this text is not the summary.
                     *
                     * @param a the first
                     * @param b the second
                     */
                    @EntryPoint byte add8(byte a, byte b);
                    @EntryPoint short add16(short a, short b);
                    @EntryPoint long add64(long a, long b);
                    @EntryPoint float half(float x);
                    @EntryPoint double twice(double x);
                    @EntryPoint boolean negate(boolean flag);
                    @EntryPoint char upper(char c);
                    @EntryPoint MemorySegment at(MemorySegment base, long offset);
                    @EntryPoint int length(String text);
                    @EntryPoint void fill(byte[] b, short[] s, char[] c, int[] i, long[] l,
                                          float[] f, double[] d);
                    @EntryPoint void reset();
                    /** Divides a/*b, then ??= prints C:\\ */
                    @EntryPoint(critical = true) int divide(int a, int b);
                }
                """));
        cases.put("fw_runtime.h", source("Runtime", """
                @TvmModel(name = "runtime", prefix = "fw")
                interface Runtime {
                    /** Returns how many inputs the model has. */
                    @EntryPoint int getNumInputs();
                    /**
                     * Finds an input by name.
                     *
                     * @param name the input's name, UTF-8
                     * @return its index, or -1
                     */
                    @EntryPoint int getInputIndex(String name);
                    @EntryPoint int setInput(int index, MemorySegment data);
                    @EntryPoint int run();
                    @EntryPoint int getOutput(int index, MemorySegment data);
                }
                """));
        return cases;
    }

    private static JavaFileObject source(String name, String body) {
        return JavaFileObjects.forSourceString("golden." + name, """
                package golden;

                import dev.tvmbind.*;
                import java.lang.foreign.MemorySegment;

                """ + body);
    }
}

package dev.tvmbind.processor.generate.java;

import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.JavaType;
import dev.tvmbind.processor.model.ParamSpec;

/**
 * How each argument crosses to C. Strings, copied arrays and TVM's pointer structs live in the
 * thread's scratch memory and are passed as 64-bit addresses ({@code JAVA_LONG}, which every
 * 64-bit ABI that FFM supports passes as it passes a pointer): no segment object is made per call,
 * so nothing is left for escape analysis to remove. Segments of the caller, and arrays of a
 * critical call (heap segments), are passed as {@code ADDRESS}.
 */
final class Passing {
    private Passing() {}

    /** Whether the parameter is staged in scratch memory and passed by address. */
    static boolean viaScratch(EntryPointSpec entryPoint, ParamSpec param) {
        return param.type() == JavaType.STRING || param.type().isArray() && !entryPoint.critical();
    }

    /** The layout of a plain function's parameter in its function descriptor. */
    static String layout(EntryPointSpec entryPoint, ParamSpec param, Imports imports) {
        return FfmTypes.layout(viaScratch(entryPoint, param) ? JavaType.LONG : param.type(), imports);
    }
}

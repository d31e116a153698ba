package dev.tvmbind.it;

import dev.tvmbind.runtime.internal.Arguments;
import dev.tvmbind.runtime.internal.ArrayCopies;
import dev.tvmbind.runtime.internal.FfiLibrary;
import dev.tvmbind.runtime.internal.FfiLinking;
import dev.tvmbind.runtime.internal.FfiValues;
import dev.tvmbind.runtime.internal.Foreign;
import dev.tvmbind.runtime.internal.Linkage;
import dev.tvmbind.runtime.internal.Scratch;
import dev.tvmbind.runtime.internal.ScratchPool;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.nio.file.Path;
import java.util.List;

/**
 * What the processor is to generate for {@link FfiTypes} (SPEC §13), written by hand over the
 * runtime's internals: the calling convention's template, tested by {@code FfiCallTest} against
 * a library built with tvm-ffi.
 */
final class FfiTypesHandBinding {
    private FfiTypesHandBinding() {}
    static final String SYMBOL_ADD_INTS = "__tvm_ffi_add_ints";
    static final String SYMBOL_NARROW = "__tvm_ffi_narrow";
    static final String SYMBOL_WIDE = "__tvm_ffi_wide";
    static final String SYMBOL_SCALE = "__tvm_ffi_scale";
    static final String SYMBOL_NEGATE = "__tvm_ffi_negate";
    static final String SYMBOL_GREET = "__tvm_ffi_greet";
    static final String SYMBOL_ECHO = "__tvm_ffi_echo";
    static final String SYMBOL_LENGTH = "__tvm_ffi_length";
    static final String SYMBOL_OFFSET = "__tvm_ffi_offset";
    static final String SYMBOL_COUNT = "__tvm_ffi_count";
    static final String SYMBOL_CALLS = "__tvm_ffi_calls";
    static final String SYMBOL_FAIL = "__tvm_ffi_fail";

    private static final List<String> SYMBOLS = List.of(SYMBOL_ADD_INTS, SYMBOL_NARROW, SYMBOL_WIDE, SYMBOL_SCALE, SYMBOL_NEGATE, SYMBOL_GREET, SYMBOL_ECHO, SYMBOL_LENGTH, SYMBOL_OFFSET, SYMBOL_COUNT, SYMBOL_CALLS, SYMBOL_FAIL);

    static FfiTypes load(Path library) {
        return FfiLinking.link(MethodHandles.lookup(), Linked.class, FfiTypes.class, SYMBOLS, library);
    }

    private static final class Linked implements FfiTypes {
        private static final Linkage LINKAGE = Linkage.of(MethodHandles.lookup());
        private static final FfiLibrary FFI = LINKAGE.ffi();
        private static final ScratchPool SCRATCH = new ScratchPool();
        private static final MethodHandle HANDLE_ADD_INTS = downcall(SYMBOL_ADD_INTS);
        private static final MethodHandle HANDLE_NARROW = downcall(SYMBOL_NARROW);
        private static final MethodHandle HANDLE_WIDE = downcall(SYMBOL_WIDE);
        private static final MethodHandle HANDLE_SCALE = downcall(SYMBOL_SCALE);
        private static final MethodHandle HANDLE_NEGATE = downcall(SYMBOL_NEGATE);
        private static final MethodHandle HANDLE_GREET = downcall(SYMBOL_GREET);
        private static final MethodHandle HANDLE_ECHO = downcall(SYMBOL_ECHO);
        private static final MethodHandle HANDLE_LENGTH = downcall(SYMBOL_LENGTH);
        private static final MethodHandle HANDLE_OFFSET = downcall(SYMBOL_OFFSET);
        private static final MethodHandle HANDLE_COUNT = downcall(SYMBOL_COUNT);
        private static final MethodHandle HANDLE_CALLS = downcall(SYMBOL_CALLS);
        private static final MethodHandle HANDLE_FAIL = downcall(SYMBOL_FAIL);

        private Linked() {}

        @Override
        public long addInts(long a, long b) {
            Scratch scratch = SCRATCH.acquire();
            try {
                scratch.begin(FfiValues.words(3), 0);
                long args = scratch.struct(FfiValues.words(2));
                long result = scratch.struct(FfiValues.words(1));
                FfiValues.setInt(scratch, args, 0, a);
                FfiValues.setInt(scratch, args, 1, b);
                FfiValues.clear(scratch, result);
                int status = (int) HANDLE_ADD_INTS.invokeExact(0L, args, 2, result);
                if (status != 0) {
                    throw FFI.raised(SYMBOL_ADD_INTS);
                }
                return FfiValues.toInt(scratch, result, FFI, SYMBOL_ADD_INTS, 64);
            } catch (Throwable e) {
                throw Arguments.rethrow(e);
            } finally {
                scratch.release();
            }
        }

        @Override
        public int narrow(long value) {
            Scratch scratch = SCRATCH.acquire();
            try {
                scratch.begin(FfiValues.words(2), 0);
                long args = scratch.struct(FfiValues.words(1));
                long result = scratch.struct(FfiValues.words(1));
                FfiValues.setInt(scratch, args, 0, value);
                FfiValues.clear(scratch, result);
                int status = (int) HANDLE_NARROW.invokeExact(0L, args, 1, result);
                if (status != 0) {
                    throw FFI.raised(SYMBOL_NARROW);
                }
                return (int) FfiValues.toInt(scratch, result, FFI, SYMBOL_NARROW, 32);
            } catch (Throwable e) {
                throw Arguments.rethrow(e);
            } finally {
                scratch.release();
            }
        }

        @Override
        public int wide(long value) {
            Scratch scratch = SCRATCH.acquire();
            try {
                scratch.begin(FfiValues.words(2), 0);
                long args = scratch.struct(FfiValues.words(1));
                long result = scratch.struct(FfiValues.words(1));
                FfiValues.setInt(scratch, args, 0, value);
                FfiValues.clear(scratch, result);
                int status = (int) HANDLE_WIDE.invokeExact(0L, args, 1, result);
                if (status != 0) {
                    throw FFI.raised(SYMBOL_WIDE);
                }
                return (int) FfiValues.toInt(scratch, result, FFI, SYMBOL_WIDE, 32);
            } catch (Throwable e) {
                throw Arguments.rethrow(e);
            } finally {
                scratch.release();
            }
        }

        @Override
        public double scale(double x, double by) {
            Scratch scratch = SCRATCH.acquire();
            try {
                scratch.begin(FfiValues.words(3), 0);
                long args = scratch.struct(FfiValues.words(2));
                long result = scratch.struct(FfiValues.words(1));
                FfiValues.setFloat(scratch, args, 0, x);
                FfiValues.setFloat(scratch, args, 1, by);
                FfiValues.clear(scratch, result);
                int status = (int) HANDLE_SCALE.invokeExact(0L, args, 2, result);
                if (status != 0) {
                    throw FFI.raised(SYMBOL_SCALE);
                }
                return FfiValues.toFloat(scratch, result, FFI, SYMBOL_SCALE);
            } catch (Throwable e) {
                throw Arguments.rethrow(e);
            } finally {
                scratch.release();
            }
        }

        @Override
        public boolean negate(boolean value) {
            Scratch scratch = SCRATCH.acquire();
            try {
                scratch.begin(FfiValues.words(2), 0);
                long args = scratch.struct(FfiValues.words(1));
                long result = scratch.struct(FfiValues.words(1));
                FfiValues.setBool(scratch, args, 0, value);
                FfiValues.clear(scratch, result);
                int status = (int) HANDLE_NEGATE.invokeExact(0L, args, 1, result);
                if (status != 0) {
                    throw FFI.raised(SYMBOL_NEGATE);
                }
                return FfiValues.toBool(scratch, result, FFI, SYMBOL_NEGATE);
            } catch (Throwable e) {
                throw Arguments.rethrow(e);
            } finally {
                scratch.release();
            }
        }

        @Override
        public String greet(String name) {
            byte[] nameUtf8 = Arguments.utf8(name, "name");
            Scratch scratch = SCRATCH.acquire();
            try {
                scratch.begin(FfiValues.words(2), ArrayCopies.size(nameUtf8));
                long args = scratch.struct(FfiValues.words(1));
                long result = scratch.struct(FfiValues.words(1));
                FfiValues.setString(scratch, args, 0, scratch.copyInString(nameUtf8));
                FfiValues.clear(scratch, result);
                int status = (int) HANDLE_GREET.invokeExact(0L, args, 1, result);
                if (status != 0) {
                    throw FFI.raised(SYMBOL_GREET);
                }
                return FfiValues.toText(scratch, result, FFI, SYMBOL_GREET);
            } catch (Throwable e) {
                throw Arguments.rethrow(e);
            } finally {
                scratch.release();
            }
        }

        @Override
        public String echo(String text) {
            byte[] textUtf8 = Arguments.utf8(text, "text");
            Scratch scratch = SCRATCH.acquire();
            try {
                scratch.begin(FfiValues.words(2), ArrayCopies.size(textUtf8));
                long args = scratch.struct(FfiValues.words(1));
                long result = scratch.struct(FfiValues.words(1));
                FfiValues.setString(scratch, args, 0, scratch.copyInString(textUtf8));
                FfiValues.clear(scratch, result);
                int status = (int) HANDLE_ECHO.invokeExact(0L, args, 1, result);
                if (status != 0) {
                    throw FFI.raised(SYMBOL_ECHO);
                }
                return FfiValues.toText(scratch, result, FFI, SYMBOL_ECHO);
            } catch (Throwable e) {
                throw Arguments.rethrow(e);
            } finally {
                scratch.release();
            }
        }

        @Override
        public long length(String text) {
            byte[] textUtf8 = Arguments.utf8(text, "text");
            Scratch scratch = SCRATCH.acquire();
            try {
                scratch.begin(FfiValues.words(2), ArrayCopies.size(textUtf8));
                long args = scratch.struct(FfiValues.words(1));
                long result = scratch.struct(FfiValues.words(1));
                FfiValues.setString(scratch, args, 0, scratch.copyInString(textUtf8));
                FfiValues.clear(scratch, result);
                int status = (int) HANDLE_LENGTH.invokeExact(0L, args, 1, result);
                if (status != 0) {
                    throw FFI.raised(SYMBOL_LENGTH);
                }
                return FfiValues.toInt(scratch, result, FFI, SYMBOL_LENGTH, 64);
            } catch (Throwable e) {
                throw Arguments.rethrow(e);
            } finally {
                scratch.release();
            }
        }

        @Override
        public MemorySegment offset(MemorySegment pointer, long by) {
            Scratch scratch = SCRATCH.acquire();
            try {
                scratch.begin(FfiValues.words(3), 0);
                long args = scratch.struct(FfiValues.words(2));
                long result = scratch.struct(FfiValues.words(1));
                FfiValues.setPointer(scratch, args, 0, pointer, "pointer");
                FfiValues.setInt(scratch, args, 1, by);
                FfiValues.clear(scratch, result);
                int status = (int) HANDLE_OFFSET.invokeExact(0L, args, 2, result);
                if (status != 0) {
                    throw FFI.raised(SYMBOL_OFFSET);
                }
                return FfiValues.toPointer(scratch, result, FFI, SYMBOL_OFFSET);
            } catch (Throwable e) {
                throw Arguments.rethrow(e);
            } finally {
                scratch.release();
            }
        }

        @Override
        public void count() {
            Scratch scratch = SCRATCH.acquire();
            try {
                scratch.begin(FfiValues.words(1), 0);
                long args = scratch.struct(FfiValues.words(0));
                long result = scratch.struct(FfiValues.words(1));
                FfiValues.clear(scratch, result);
                int status = (int) HANDLE_COUNT.invokeExact(0L, args, 0, result);
                if (status != 0) {
                    throw FFI.raised(SYMBOL_COUNT);
                }
                FfiValues.toVoid(scratch, result, FFI);
            } catch (Throwable e) {
                throw Arguments.rethrow(e);
            } finally {
                scratch.release();
            }
        }

        @Override
        public long calls() {
            Scratch scratch = SCRATCH.acquire();
            try {
                scratch.begin(FfiValues.words(1), 0);
                long args = scratch.struct(FfiValues.words(0));
                long result = scratch.struct(FfiValues.words(1));
                FfiValues.clear(scratch, result);
                int status = (int) HANDLE_CALLS.invokeExact(0L, args, 0, result);
                if (status != 0) {
                    throw FFI.raised(SYMBOL_CALLS);
                }
                return FfiValues.toInt(scratch, result, FFI, SYMBOL_CALLS, 64);
            } catch (Throwable e) {
                throw Arguments.rethrow(e);
            } finally {
                scratch.release();
            }
        }

        @Override
        public long fail(String message) {
            byte[] messageUtf8 = Arguments.utf8(message, "message");
            Scratch scratch = SCRATCH.acquire();
            try {
                scratch.begin(FfiValues.words(2), ArrayCopies.size(messageUtf8));
                long args = scratch.struct(FfiValues.words(1));
                long result = scratch.struct(FfiValues.words(1));
                FfiValues.setString(scratch, args, 0, scratch.copyInString(messageUtf8));
                FfiValues.clear(scratch, result);
                int status = (int) HANDLE_FAIL.invokeExact(0L, args, 1, result);
                if (status != 0) {
                    throw FFI.raised(SYMBOL_FAIL);
                }
                return FfiValues.toInt(scratch, result, FFI, SYMBOL_FAIL, 64);
            } catch (Throwable e) {
                throw Arguments.rethrow(e);
            } finally {
                scratch.release();
            }
        }

        @SuppressWarnings("restricted")
        private static MethodHandle downcall(String symbol) {
            MemorySegment address = LINKAGE.address(symbol);
            return address == null ? null
                    : Foreign.linker().downcallHandle(address, FfiValues.SAFE_CALL);
        }
    }
}

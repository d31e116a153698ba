package dev.tvmbind.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.DType;
import dev.tvmbind.TensorRole;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The record beside the classes reads back as written, and a foreign one is refused saying why. */
class CheckRecordTest {
    private static final CheckRecord RECORD = new CheckRecord(new ModelContract(
            "app.Outer.Spotter", "tvmgen", "default", true, 56448, false,
            List.of(new EntryPointContract("run", "run(byte[], byte[])", true)),
            List.of(new TensorContract(TensorRole.INPUT, "serving:0 \\ x", "serving_0___x",
                            "input", "byte[]", Optional.of(DType.INT8), 490,
                            List.of(1L, 49L, 10L, 1L)),
                    new TensorContract(TensorRole.OUTPUT, "out", "out", "out", "MemorySegment",
                            Optional.empty(), 0, List.of()))),
            "/abs/model.tar", " ${basedir}/model.tar", "/abs/model.tar!./codegen/host/include/x.h",
            List.of("tvmgen_default_fused_a", "tvmgen_default_fused_b"), "HeaderStyle[x]",
            "#ifndef X\n\t#define X\n#endif\n");

    @Test
    void aRecordReadsBackAsWritten() {
        assertEquals(RECORD, CheckRecord.parse(RECORD.render()));
    }

    @Test
    void theTextIsFixedKeyByKeyWithoutADate() {
        // Written into class outputs and jars: the same model and output give the same bytes.
        CheckRecord small = new CheckRecord(new ModelContract("app.M", "tvmgen", "m", false, 0,
                        true, List.of(new EntryPointContract("version", "version()", false)),
                        List.of()), "/o", "o", "/o!h.h", List.of(), "S",
                " h\n");
        assertEquals("""
                # What javac checked app.M against (tvmbind): the runtime refuses a library \
                without these operators; the build's check compares the output, as it is then, \
                with the rest
                interface=app.M
                prefix=tvmgen
                model=m
                tvmOutput=/o
                tvmOutput.written=o
                header=/o!h.h
                operators=
                checked=false
                workspaceSize=0
                reentrant=true
                entryPoint.0.function=version
                entryPoint.0.signature=version()
                entryPoint.0.tensor=false
                headerStyle=S
                ourHeader=\\ h\\n
                """, small.render());
    }

    @Test
    void aRecordOfAnotherVersionIsRefusedSayingWhatToDo() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CheckRecord.parse("interface=x\nprefix=y\n"));
        assertTrue(e.getMessage().contains("recompile the interface"), e.getMessage());
        IllegalArgumentException role = assertThrows(IllegalArgumentException.class,
                () -> CheckRecord.parse(RECORD.render().replace("role=INPUT", "role=LATENT")));
        assertTrue(role.getMessage().contains("LATENT"), role.getMessage());
    }

    @Test
    void theContractRunsOnJava17() throws IOException {
        // Maven may run on a JDK 17 (the goal does): class files of major version 61 at most.
        for (Class<?> type : List.of(CheckRecord.class, ModelContract.class, DType.class)) {
            try (InputStream in = type.getResourceAsStream(type.getSimpleName() + ".class")) {
                byte[] head = in.readNBytes(8);
                int major = (head[6] & 0xff) << 8 | head[7] & 0xff;
                assertTrue(major <= 61, type + " has class file version " + major);
            }
        }
    }
}

package dev.tvmbind.maven;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.testing.TvmMlf;
import java.io.File;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The goal writes the keyword spotter's interface once, then skips it; bad input fails it. */
class DescribeMojoTest {
    @TempDir
    Path dir;

    private void describe(Path output) throws Exception {
        DescribeMojo mojo = new DescribeMojo();
        set(mojo, "tvmOutput", output.toFile());
        set(mojo, "packageName", "com.acme");
        set(mojo, "outputDirectory", dir.resolve("src").toFile());
        mojo.execute();
    }

    private static void set(Object mojo, String name, Object value) throws Exception {
        Field field = DescribeMojo.class.getDeclaredField(name);
        field.setAccessible(true);
        field.set(mojo, value);
    }

    @Test
    void writesTheInterfaceOnceAndNeverOverwritesIt() throws Exception {
        describe(TvmMlf.fixture("aww").resolve("mlf"));
        Path written = dir.resolve("src/com/acme/Default.java");
        String text = Files.readString(written);
        assertTrue(text.contains("@Input(value = \"input_1\", dtype = \"int8\", shape = {1, 49, 10, 1}) byte[] input_1"), text);
        Files.writeString(written, "// mine\n");
        describe(TvmMlf.fixture("aww").resolve("mlf"));
        assertTrue(Files.readString(written).equals("// mine\n"));
    }

    @Test
    void anUnreadableOutputFailsWithTheKeyedMessage() {
        MojoFailureException e = assertThrows(MojoFailureException.class,
                () -> describe(dir.resolve("absent" + File.separator + "model.tar")));
        assertTrue(e.getMessage().contains("[tvmbind:tvm-output-unreadable]"), e.getMessage());
    }
}

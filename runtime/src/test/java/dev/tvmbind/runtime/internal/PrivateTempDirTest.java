package dev.tvmbind.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The private directory: owner-only, and a killed JVM's removed by the next one. */
class PrivateTempDirTest {
    @Test
    void aDeadJvmsDirectoryIsSweptAndALiveOnesKept(@TempDir Path tmp) throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path dead = Files.createDirectories(tmp.resolve("tvmbind-" + gone.pid() + "-123"));
        Files.writeString(dead.resolve("libdefault.so"), "left by a killed JVM");
        Path live = Files.createDirectories(tmp.resolve("tvmbind-" + ProcessHandle.current().pid()
                + "-456"));
        Path other = Files.createDirectories(tmp.resolve("tvmbind-notapid-789"));
        PrivateTempDir.sweep(tmp);
        assertFalse(Files.exists(dead), "the dead JVM's copies are removed");
        assertTrue(Files.isDirectory(live), "a running JVM's directory is kept");
        assertTrue(Files.isDirectory(other), "what is not ours by name is kept");
    }

    @Test
    void theDirectoryIsTheOwnersOnly() throws Exception {
        Path dir = PrivateTempDir.get();
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
        assertTrue(dir.getFileName().toString().startsWith("tvmbind-" + ProcessHandle.current().pid()
                + "-"), dir.toString());
    }
}

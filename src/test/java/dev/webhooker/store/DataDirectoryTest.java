package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataDirectoryTest {

    @TempDir
    Path temp;

    private static String mode(Path path) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }

    @Test
    void aNewDataDirIsTheServiceUsersOnly() throws Exception {
        Path dir = temp.resolve("a/data");
        DataDirectory.makePrivate(dir);

        assertThat(Files.isDirectory(dir)).isTrue();
        assertThat(mode(dir)).isEqualTo("rwx------");
    }

    @Test
    void anExistingReadableDataDirIsTightenedFilesAndDirectoriesAlike() throws Exception {
        Path dir = Files.createDirectories(temp.resolve("data"));
        Path database = Files.writeString(dir.resolve("webhooker.mv.db"), "rows");
        Path payloads = Files.createDirectories(dir.resolve("payloads/webhooks/2026"));
        Path body = Files.writeString(payloads.resolve("x.json"), "{}");
        Path script = Files.writeString(dir.resolve("run.sh"), "#!/bin/sh");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(database, PosixFilePermissions.fromString("rw-r--r--"));
        Files.setPosixFilePermissions(payloads, PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.setPosixFilePermissions(body, PosixFilePermissions.fromString("rw-rw-rw-"));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));

        DataDirectory.makePrivate(dir);

        assertThat(mode(dir)).isEqualTo("rwx------");
        assertThat(mode(database)).isEqualTo("rw-------");
        assertThat(mode(payloads)).isEqualTo("rwx------");
        assertThat(mode(payloads.getParent())).isEqualTo("rwx------");
        assertThat(mode(body)).isEqualTo("rw-------");
        assertThat(mode(script)).as("the owner keeps what they had").isEqualTo("rwx------");
    }

    @Test
    void aPayloadWrittenLaterIsTheServiceUsersOnly() throws Exception {
        Path root = temp.resolve("payloads");
        DataDirectory.makePrivate(root);
        new DirectoryPayloadStore(root).put("webhooks/2026/01/02/0b1c2d3e-0000-4000-8000-000000000001.json", "{}".getBytes());

        try (var files = Files.walk(root)) {
            files.forEach(path -> {
                try {
                    assertThat(mode(path)).as(path.toString()).isIn("rwx------", "rw-------");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
        }
    }
}

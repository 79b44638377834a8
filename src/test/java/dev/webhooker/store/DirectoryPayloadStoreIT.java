package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded default: payloads as files under DATA_DIR/payloads. */
class DirectoryPayloadStoreIT extends PayloadStoreContract {

    @TempDir
    Path dataDir;

    private DirectoryPayloadStore store;

    @Override
    protected PayloadStore store() {
        if (store == null) {
            store = new DirectoryPayloadStore(dataDir.resolve("payloads"));
        }
        return store;
    }

    @Test
    void theKeyIsTheRelativePathAndNoTempFileIsLeft() throws Exception {
        String key = PayloadKeys.newKey(Instant.parse("2026-11-29T10:00:00Z"));
        store().put(key, "{\"x\":1}".getBytes(StandardCharsets.UTF_8));

        Path file = dataDir.resolve("payloads").resolve(key);
        assertThat(file).hasContent("{\"x\":1}");
        try (var files = Files.list(file.getParent())) {
            assertThat(files).containsExactly(file);
        }
    }

    @Test
    void listIgnoresFilesThatAreNotPayloads() throws Exception {
        String key = PayloadKeys.newKey(Instant.parse("2026-11-29T10:00:00Z"));
        store().put(key, new byte[] {1});
        Path dir = dataDir.resolve("payloads").resolve(key).getParent();
        Files.writeString(dir.resolve(".leftover.part"), "half");
        Files.writeString(dir.resolve("notes.txt"), "x");

        assertThat(store().list("webhooks/2026/11/29/")).extracting(PayloadStore.StoredPayload::key).containsExactly(key);
        assertThatThrownBy(() -> store().list("../")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void probeWritesInTheDirectory() throws Exception {
        ((DirectoryPayloadStore) store()).probe();
        assertThat(dataDir.resolve("payloads")).isDirectory().isEmptyDirectory();
    }
}

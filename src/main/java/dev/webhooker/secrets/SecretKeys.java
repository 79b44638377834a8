package dev.webhooker.secrets;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.config.InvalidSettingException;
import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.store.DataDirectory;

/**
 * Where the encryption key comes from. WEBHOOKER_SECRET_KEY when set. Otherwise, on the embedded default,
 * a key generated once into {@code DATA_DIR/secret.key}, readable by its owner only, so that a fresh
 * clone runs with nothing to configure. With PostgreSQL it must be set: every instance has to read what the
 * others sealed, and a key file on one machine's disk cannot give them that.
 */
final class SecretKeys {

    static final String KEY_FILE = "secret.key";

    private static final Logger LOG = LoggerFactory.getLogger(SecretKeys.class);
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private SecretKeys() {
    }

    public static SecretBox box(WebhookerProperties properties) {
        WebhookerProperties.Secrets secrets = properties.secrets();
        String key = secrets == null ? null : secrets.key();
        String previous = secrets == null ? null : secrets.previousKey();
        if (key != null && !key.isBlank()) {
            return new SecretBox(key.trim(), previous == null ? null : previous.trim());
        }
        if (properties.database() != null && properties.database().external()) {
            throw new InvalidSettingException("WEBHOOKER_SECRET_KEY",
                    "not set; with DATABASE_URL it is required (at least 32 characters, e.g. openssl rand -hex 32) so that "
                            + "every instance can read the tokens and secrets the others encrypted");
        }
        return new SecretBox(keyFile(properties.dataDir().resolve(KEY_FILE)), previous == null ? null : previous.trim());
    }

    /** Where {@link #box} takes the key from, as a refusal names it. */
    static String source(WebhookerProperties properties) {
        WebhookerProperties.Secrets secrets = properties.secrets();
        String key = secrets == null ? null : secrets.key();
        return key != null && !key.isBlank() ? "WEBHOOKER_SECRET_KEY"
                : "the key file " + properties.dataDir().resolve(KEY_FILE) + ", WEBHOOKER_SECRET_KEY being unset";
    }

    private static String keyFile(Path file) {
        try {
            DataDirectory.makePrivate(file.getParent());
            if (Files.exists(file)) {
                return Files.readString(file, StandardCharsets.US_ASCII).trim();
            }
            byte[] random = new byte[32];
            new SecureRandom().nextBytes(random);
            String key = HexFormat.of().formatHex(random);
            try {
                createOwnerOnly(file);
            } catch (FileAlreadyExistsException raced) {
                return Files.readString(file, StandardCharsets.US_ASCII).trim();
            }
            Files.writeString(file, key + "\n", StandardCharsets.US_ASCII);
            LOG.info("generated the key that encrypts tokens and secrets at rest in {} (set WEBHOOKER_SECRET_KEY to use your own)", file);
            return key;
        } catch (IOException e) {
            throw new InvalidSettingException("DATA_DIR", "cannot read or create the key file " + file + ": " + e.getMessage(), e);
        }
    }

    /** Owner-only from the start where the file system has POSIX permissions (elsewhere it has none to set). */
    private static void createOwnerOnly(Path file) throws IOException {
        if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        } else {
            Files.createFile(file);
        }
    }
}

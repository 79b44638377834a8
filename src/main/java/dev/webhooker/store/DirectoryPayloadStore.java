package dev.webhooker.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@link PayloadStore} in a local directory ({@code DATA_DIR/payloads}, the embedded default), one file per
 * key at the key's relative path. A put is durable when it returns: the bytes are fsynced in a temp file
 * that is then atomically renamed, so a reader never sees half a body and a parked body is on disk before
 * the delivery row that points to it commits. Only {@link PayloadKeys#isValid valid} keys are accepted,
 * so no key can reach outside the directory.
 */
public class DirectoryPayloadStore implements PayloadStore {

    private static final String TEMP_SUFFIX = ".part";

    private final Path root;
    private final boolean posix;

    public DirectoryPayloadStore(Path root) {
        this.root = root.toAbsolutePath().normalize();
        this.posix = root.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    public Path root() {
        return root;
    }

    @Override
    public void put(String key, byte[] body) {
        Path target = pathOf(key);
        Path temp = null;
        try {
            Path directory = target.getParent();
            Path firstCreated = firstMissing(directory);
            if (posix) {
                // owner-only, like the files (createTempFile makes them 0600): the bodies are the senders' data
                Files.createDirectories(directory, PosixFilePermissions.asFileAttribute(DataDirectory.DIRECTORY));
            } else {
                Files.createDirectories(directory);
            }
            temp = Files.createTempFile(target.getParent(), ".", TEMP_SUFFIX);
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(body);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            moveAtomically(temp, target);
            syncDirectory(directory);
            if (firstCreated != null) {
                // new day directories are entries of their parents, which need their own fsync
                for (Path d = directory; !d.equals(firstCreated.getParent()); d = d.getParent()) {
                    syncDirectory(d.getParent());
                }
            }
        } catch (IOException e) {
            deleteQuietly(temp);
            throw new PayloadStoreException("cannot write payload " + key + " under " + root + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<byte[]> get(String key) {
        Path path = pathOf(key);
        try {
            return Optional.of(Files.readAllBytes(path));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new PayloadStoreException("cannot read payload " + key + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void delete(String key) {
        try {
            Files.deleteIfExists(pathOf(key));
        } catch (IOException e) {
            throw new PayloadStoreException("cannot delete payload " + key + ": " + e.getMessage(), e);
        }
    }

    /** Walks only the directory the prefix names (e.g. {@code webhooks/2026/11/}), not the whole store. */
    @Override
    public List<StoredPayload> list(String prefix) {
        String safePrefix = prefix == null ? "" : prefix;
        if (safePrefix.contains("..") || safePrefix.startsWith("/") || safePrefix.contains("\\")) {
            throw new IllegalArgumentException("not a payload key prefix: " + prefix);
        }
        Path start = root.resolve(safePrefix.substring(0, safePrefix.lastIndexOf('/') + 1)).normalize();
        if (!start.startsWith(root) || !Files.isDirectory(start)) {
            return List.of();
        }
        List<StoredPayload> found = new ArrayList<>();
        try {
            Files.walkFileTree(start, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    String key = keyOf(file);
                    if (key.startsWith(safePrefix) && PayloadKeys.isValid(key)) {
                        found.add(new StoredPayload(key, attributes.lastModifiedTime().toInstant()));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    // a file deleted while we walk is simply gone
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new PayloadStoreException("cannot list payloads under " + prefix + ": " + e.getMessage(), e);
        }
        return found;
    }

    /** Writes and removes a probe file: proves the directory exists and takes writes. */
    public void probe() throws IOException {
        Files.createDirectories(root);
        Path probe = Files.createTempFile(root, ".probe-", TEMP_SUFFIX);
        Files.delete(probe);
    }

    private Path pathOf(String key) {
        if (!PayloadKeys.isValid(key)) {
            throw new IllegalArgumentException("not a payload key (expected webhooks/YYYY/MM/DD/<uuid>.json): " + key);
        }
        Path path = root.resolve(key).normalize();
        if (!path.startsWith(root)) {
            throw new IllegalArgumentException("payload key escapes the store: " + key);
        }
        return path;
    }

    private String keyOf(Path file) {
        return root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
    }

    private Path firstMissing(Path directory) {
        Path missing = null;
        for (Path d = directory; d != null && d.startsWith(root) && !Files.isDirectory(d); d = d.getParent()) {
            missing = d;
        }
        return missing;
    }

    private static void moveAtomically(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            // same directory, so this only happens on exotic file systems; still better than failing
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Makes the rename itself durable; not every platform lets a directory be opened, which is fine there. */
    private static void syncDirectory(Path directory) {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException ignored) {
            // e.g. Windows: the rename is as durable as the platform makes it
        }
    }

    private static void deleteQuietly(Path path) {
        if (path != null) {
            try {
                Files.deleteIfExists(path);
            } catch (IOException ignored) {
                // the temp file is invisible to readers; storage-prune may remove it later
            }
        }
    }
}

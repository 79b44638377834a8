package dev.webhooker.store;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * DATA_DIR holds the embedded database (every group, route, audit row and the sealed tokens), the key file that
 * opens the sealed values, and the parked webhook bodies: readable by the service's user only. The directory
 * is created 0700, and at start every directory under it is set to 0700 and every file loses its group and
 * others permissions (0600 for a file the owner may read and write), so a DATA_DIR an earlier version or
 * another tool left readable is tightened. Files the database creates later are kept private by the
 * directory's own 0700. On a file system without POSIX permissions there is nothing to set, and nothing is.
 */
public final class DataDirectory {

    private static final Logger LOG = LoggerFactory.getLogger(DataDirectory.class);
    static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> GROUP_AND_OTHERS = EnumSet.of(
            PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

    private DataDirectory() {
    }

    /** Creates {@code directory} (and missing parents) owner-only, or makes the existing one and its contents owner-only. */
    public static void makePrivate(Path directory) throws IOException {
        boolean posix = directory.getFileSystem().supportedFileAttributeViews().contains("posix");
        if (!Files.isDirectory(directory)) {
            if (posix) {
                Files.createDirectories(directory, PosixFilePermissions.asFileAttribute(DIRECTORY));
            } else {
                Files.createDirectories(directory);
            }
        }
        if (!posix) {
            return;
        }
        AtomicInteger tightened = new AtomicInteger();
        Files.walkFileTree(directory, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) throws IOException {
                if (!Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS).equals(DIRECTORY)) {
                    Files.setPosixFilePermissions(dir, DIRECTORY);
                    tightened.incrementAndGet();
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                if (attributes.isRegularFile()) {
                    Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
                    if (permissions.removeAll(GROUP_AND_OTHERS)) {
                        Files.setPosixFilePermissions(file, permissions);
                        tightened.incrementAndGet();
                    }
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                // a file removed while we walk (a payload delivered meanwhile) is no concern
                return FileVisitResult.CONTINUE;
            }
        });
        if (tightened.get() > 0) {
            LOG.warn("{}: {} files or directories were readable by other users; they are now the service user's only", directory,
                    tightened.get());
        }
    }
}

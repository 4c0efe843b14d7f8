package dev.zksim.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Checks output paths before a command does any work, so that a read-only, missing or
 * not-a-folder destination is one line of error up front instead of a stack trace after
 * minutes of measuring. The checks create what a write would create anyway (parent
 * folders, the empty file), and nothing else.
 */
final class OutputPaths {
    private OutputPaths() {
    }

    /** The file will be (over)written later: its folder must exist or be creatable, and it must open for writing. */
    static void checkFile(Path file, String option) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            if (Files.isDirectory(file)) {
                throw new IOException("it is a folder, not a file");
            }
            try (FileChannel ignored = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                // Opening for writing is the check.
            }
        } catch (IOException e) {
            throw new UncheckedIOException(option + ": cannot write " + file + ": " + reason(e), e);
        }
    }

    /** Files will be written into this folder later: it must exist or be creatable, and take a new file. */
    static void checkFolder(Path folder, String option) {
        try {
            Files.createDirectories(folder);
            Path probe = Files.createTempFile(folder, ".zksim-write-check", ".tmp");
            Files.delete(probe);
        } catch (IOException e) {
            throw new UncheckedIOException(option + ": cannot write into " + folder + ": " + reason(e), e);
        }
    }

    private static String reason(IOException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return e instanceof java.nio.file.FileAlreadyExistsException ? "a file of that name is in the way (" + message + ")"
                : e instanceof java.nio.file.AccessDeniedException ? "permission denied (" + message + ")"
                : message;
    }
}

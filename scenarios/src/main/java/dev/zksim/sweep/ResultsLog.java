package dev.zksim.sweep;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An append-only results file that only ever holds whole lines: each line is written,
 * flushed and synced to disk before {@link #append} returns, and a write that fails half
 * way (a full disk) is cut back to where the line began before the error is reported.
 * Opening it creates missing parent folders and fails at once on a path that cannot be
 * written, which is how sweeps check their outputs before any work starts.
 */
public final class ResultsLog implements Closeable {

    /** The few file operations the log needs; tests substitute one that fails on demand. */
    public interface Target extends Closeable {
        long size() throws IOException;

        /** Writes some bytes of the buffer at the end of the file, advancing its position. */
        void write(ByteBuffer bytes) throws IOException;

        /** Flushes to the device. */
        void force() throws IOException;

        void truncate(long size) throws IOException;
    }

    private final Path path;
    private final Target target;

    public ResultsLog(Path path, Target target) {
        this.path = path;
        this.target = target;
    }

    /** Opens (creating) the file at {@code path} for appending; throws IOException if it cannot be written. */
    public static ResultsLog open(Path path) throws IOException {
        Path parent = path.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
        return new ResultsLog(path, new ChannelTarget(channel));
    }

    public Path path() {
        return path;
    }

    /** Appends one line (a newline is added); on failure nothing of it stays in the file. */
    public void append(String line) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
        long before = target.size();
        try {
            while (bytes.hasRemaining()) {
                target.write(bytes);
            }
            target.force();
        } catch (IOException e) {
            try {
                target.truncate(before);
            } catch (IOException ignored) {
                // The original error is the one to report; a failed cut leaves at worst a
                // partial last line, which readers skip as they skip a missing newline.
                e.addSuppressed(ignored);
            }
            throw e;
        }
    }

    @Override
    public void close() throws IOException {
        target.close();
    }

    private record ChannelTarget(FileChannel channel) implements Target {
        @Override
        public long size() throws IOException {
            return channel.size();
        }

        @Override
        public void write(ByteBuffer bytes) throws IOException {
            channel.write(bytes);
        }

        @Override
        public void force() throws IOException {
            channel.force(false);
        }

        @Override
        public void truncate(long size) throws IOException {
            channel.truncate(size);
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }
}

package dev.zksim.kernel.disk;

import java.util.Optional;

/**
 * A file written whole, such as a snapshot: {@link #write} replaces the content, {@link
 * #fsync()} makes it durable. A crash before the fsync leaves the previous durable content,
 * or, under a tearing policy, a torn file that {@link #read()} reports as unreadable.
 */
public final class BlobFile {
    private final String name;
    private Object durable;
    private Object current;
    private boolean torn;

    BlobFile(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    public void write(Object content) {
        current = content;
        torn = false;
    }

    public void fsync() {
        durable = current;
    }

    /** The content, or empty if the file was never written durably or is torn. */
    public Optional<Object> read() {
        return torn ? Optional.empty() : Optional.ofNullable(current);
    }

    public boolean isTorn() {
        return torn;
    }

    void crash(boolean tear) {
        boolean unsynced = current != durable;
        torn = unsynced && tear;
        current = durable;
    }

    boolean isEmpty() {
        return current == null && !torn;
    }
}

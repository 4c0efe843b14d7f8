package dev.zksim.kernel.disk;

import dev.zksim.kernel.choice.Choices;
import java.util.ArrayList;
import java.util.List;

/**
 * An append-only file of records, such as a transaction log. Appends are visible to the
 * running process at once but durable only after {@link #fsync()}; a crash applies the
 * disk's {@link CrashPolicy} to the unsynced tail. Records are kept as objects (immutable
 * values), not bytes: the simulator needs their meaning, and a torn write is modelled by the
 * {@link #TORN} marker that recovery detects, as a checksum would.
 */
public final class LogFile {
    /** A record the crash tore in half; {@link #recover()} cuts the log before it. */
    public static final Object TORN = new Object() {
        @Override
        public String toString() {
            return "<torn record>";
        }
    };

    private final String name;
    private final List<Object> records = new ArrayList<>();
    private int synced;

    LogFile(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    public void append(Object record) {
        if (record == null || record == TORN) {
            throw new IllegalArgumentException("cannot append " + record);
        }
        records.add(record);
    }

    /** Makes every record appended so far durable. */
    public void fsync() {
        synced = records.size();
    }

    /** Number of records, durable or not. */
    public int size() {
        return records.size();
    }

    /** Number of records that a crash cannot take away. */
    public int syncedSize() {
        return synced;
    }

    public Object get(int index) {
        return records.get(index);
    }

    /** All records as the running process sees them, its unsynced appends included. */
    public List<Object> records() {
        return List.copyOf(records);
    }

    /** Cuts the log to its first {@code length} records (a TRUNC from a new leader). */
    public void truncate(int length) {
        if (length < 0 || length > records.size()) {
            throw new IllegalArgumentException("cannot truncate " + name + " of " + records.size() + " records to " + length);
        }
        records.subList(length, records.size()).clear();
        synced = Math.min(synced, length);
    }

    /**
     * Forgets the records appended since the last fsync, as a failed fsync does: the kernel
     * may drop the dirty pages it could not write, so they never reach the disk.
     */
    public void dropUnsynced() {
        records.subList(synced, records.size()).clear();
    }

    /**
     * Reads the log after a restart: the records before the first torn one. The torn record
     * and anything after it are removed, as ZooKeeper truncates a log at a bad checksum.
     */
    public List<Object> recover() {
        int torn = records.indexOf(TORN);
        if (torn >= 0) {
            truncate(torn);
        }
        return records();
    }

    void crash(Choices choices, CrashPolicy policy) {
        int unsynced = records.size() - synced;
        int kept = policy.keepSomeUnsynced() && unsynced > 0 ? (int) choices.draw(unsynced + 1L) : 0;
        boolean tear = policy.tearLast() && kept < unsynced && choices.chance(1, 2);
        records.subList(synced + kept, records.size()).clear();
        if (tear) {
            records.add(TORN);
        }
        synced = records.size();
    }
}

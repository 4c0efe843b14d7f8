package dev.zksim.server.zab;

import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.disk.BlobFile;
import dev.zksim.kernel.disk.Disk;
import dev.zksim.kernel.disk.LogFile;
import dev.zksim.kernel.process.SimProcess;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * What a peer keeps on its simulated disk: the txn log, the accepted and current epochs,
 * the log base (the zxid a SNAP sync left the log starting after) and snapshots. The log is
 * mirrored in memory as a list sorted by zxid. Log appends become durable in group fsyncs
 * that take a drawn latency; callers that must not act before durability (an ACK, the
 * leader's own vote for a proposal) pass a callback to {@link #afterSync}.
 *
 * <p>Under the disk-error fault ({@link Disk#failingWrites()}) a group fsync fails as
 * ZooKeeper's {@code ZKDatabase.commit()} throws: the SyncRequestProcessor dies
 * ({@link #logFailed()}), the txns of that batch never reach the disk, and nothing more is
 * logged or acknowledged until the peer's next term. A failed snapshot write makes the
 * process exit, as 3.9.5's {@code ZooKeeperServer.takeSnapshot} does (System.exit with
 * TXNLOG_ERROR_TAKING_SNAPSHOT); the exiting process writes nothing more.
 */
final class ZabStorage {
    static final String LOG = "zab-txnlog";
    private static final String ACCEPTED_EPOCH = "zab-acceptedEpoch";
    private static final String CURRENT_EPOCH = "zab-currentEpoch";
    private static final String LOG_BASE = "zab-logBase";
    private static final String SNAPSHOT_PREFIX = "zab-snapshot-";
    private static final int SNAPSHOTS_KEPT = 2;
    /** How many of the newest log entries {@link #indexOf} scans before it searches. */
    private static final int RECENT = 4;

    /** The content of a snapshot file: the application state as of zxid. */
    record SnapshotFile(long zxid, Object state) {
    }

    private final SimProcess process;
    private final Disk disk;
    private final ZabConfig config;
    private final LogFile log;
    private final List<LogEntry> entries = new ArrayList<>();
    /** The stream the fsync latencies are drawn from, looked up once rather than per fsync. */
    private final Choices fsyncChoices;
    private List<Runnable> awaitingSync = new ArrayList<>();
    /**
     * The batch the last flush ran, emptied, to collect the next one: every peer flushes
     * about once a txn, and copying each batch before running it made a list each time.
     */
    private List<Runnable> emptyBatch = new ArrayList<>();
    /** {@link #flush}, as the one action every fsync schedules. */
    private final Runnable flushAction = this::flush;
    private boolean syncScheduled;
    private long base;
    /** ZooKeeper's SyncThread died on a failed fsync: appends stay in memory, acks never come. */
    private boolean logFailed;
    /** A snapshot write failed and the process is exiting: nothing more reaches the disk. */
    private boolean exiting;
    private Runnable onWriteFailure = () -> {
    };

    ZabStorage(SimProcess process, ZabConfig config) {
        this.process = process;
        this.disk = process.disk();
        this.config = config;
        this.log = disk.log(LOG);
        this.fsyncChoices = process.choices().stream("fsync");
    }

    /** Reads the log after a (re)start, dropping a torn tail, and loads the log base. */
    void recover() {
        entries.clear();
        for (Object record : log.recover()) {
            entries.add((LogEntry) record);
        }
        base = readLong(LOG_BASE);
    }

    long acceptedEpoch() {
        return readLong(ACCEPTED_EPOCH);
    }

    long currentEpoch() {
        return readLong(CURRENT_EPOCH);
    }

    void setAcceptedEpoch(long epoch) {
        writeLong(ACCEPTED_EPOCH, epoch);
    }

    void setCurrentEpoch(long epoch) {
        writeLong(CURRENT_EPOCH, epoch);
    }

    /** The last zxid in this peer's history, logged proposals included. */
    long lastZxid() {
        return entries.isEmpty() ? base : entries.getLast().zxid();
    }

    /** The zxid the log continues from: 0, or the snapshot zxid of the last SNAP sync. */
    long base() {
        return base;
    }

    /** The log as a read-only view, sorted by zxid; do not keep it across events. */
    List<LogEntry> entries() {
        return Collections.unmodifiableList(entries);
    }

    /** True if zxid is a point of this peer's history: the log base or a logged txn. */
    boolean holds(long zxid) {
        return zxid == base || indexOf(zxid) >= 0;
    }

    /**
     * Index of the entry with this zxid, or -(insertion point) - 1 if there is none. Delivery
     * and acks ask about the newest entries, so the last few are looked at first: with a log
     * of a million txns the binary search was 3% of the CPU.
     */
    int indexOf(long zxid) {
        int size = entries.size();
        for (int i = size - 1; i >= Math.max(0, size - RECENT); i--) {
            long at = entries.get(i).zxid();
            if (at <= zxid) {
                return at == zxid ? i : -(i + 1) - 1;
            }
        }
        return search(zxid);
    }

    /** {@link #indexOf} past the newest entries, apart so that the scan above stays small enough to inline. */
    private int search(long zxid) {
        return Collections.binarySearch(entries, new LogEntry(zxid, null), (a, b) -> Long.compare(a.zxid(), b.zxid()));
    }

    /** Index of the first entry with a zxid above the given one. */
    int indexAfter(long zxid) {
        int index = indexOf(zxid);
        return index >= 0 ? index + 1 : -index - 1;
    }

    List<LogEntry> entriesAfter(long zxid) {
        return List.copyOf(entries.subList(indexAfter(zxid), entries.size()));
    }

    /**
     * The zxid of the last record in the log file: the last logged zxid, unless a SyncThread
     * left running (ZOOKEEPER-4712) wrote records the peer's memory never saw, or a failed
     * fsync (ZOOKEEPER-4882) left the file without records the memory holds.
     */
    long lastWrittenZxid() {
        return log.size() == entries.size() ? lastZxid() : lastDurableZxid();
    }

    /**
     * Writes a record to the log file behind the peer's back: a SyncThread that outlived its
     * follower (ZOOKEEPER-4712) appends after the peer fast-forwarded its database and went on,
     * so the peer's view of its log (and the zxid it reports) lacks it, while a restart reads it.
     */
    void writeBehindMemory(LogEntry entry) {
        log.append(entry);
    }

    void append(LogEntry entry) {
        if (entry.zxid() <= lastZxid()) {
            throw new IllegalStateException("log out of order: " + Zxid.hex(entry.zxid()) + " after " + Zxid.hex(lastZxid()));
        }
        entries.add(entry);
        if (writable()) {
            log.append(entry);
        }
    }

    /** False once the SyncThread died or the process is exiting: then a txn is held in memory only. */
    boolean writable() {
        return !logFailed && !exiting;
    }

    /**
     * Logs a txn below the last logged zxid, which only a follower with ZOOKEEPER-2845's grain
     * receives: its log holds txns of a later epoch that its database left out, and the
     * leader's DIFF brings an earlier one. ZooKeeper's FileTxnLog appends it after them (out
     * of zxid order, with a warning) and a restart replays the file in that order; zksim keeps
     * its log sorted, so the txn goes to its zxid's place and the later records are written
     * again after it (not yet fsynced, as appended records are).
     */
    void insert(LogEntry entry) {
        int at = indexOf(entry.zxid());
        if (at >= 0 || entry.zxid() <= base) {
            throw new IllegalStateException("cannot insert " + Zxid.hex(entry.zxid()) + ": logged or below the base");
        }
        int index = -at - 1;
        List<LogEntry> later = List.copyOf(entries.subList(index, entries.size()));
        entries.add(index, entry);
        log.truncate(index);
        log.append(entry);
        later.forEach(log::append);
    }

    /** Discards every logged txn after zxid (a TRUNC). The cut is durable at once. */
    void truncateAfter(long zxid) {
        if (zxid < base) {
            throw new IllegalStateException("cannot truncate below the log base " + Zxid.hex(base));
        }
        int keep = indexAfter(zxid);
        int keepInFile = log.size() == entries.size() ? keep : fileIndexAfter(zxid);
        entries.subList(keep, entries.size()).clear();
        if (!exiting) {
            log.truncate(keepInFile);
        }
    }

    /**
     * Where FileTxnLog.truncate cuts a file that does not mirror the memory log, at its first
     * record above zxid: the file has a hole the memory lacks after a failed fsync
     * (ZOOKEEPER-4882), or records the peer never saw, written by a SyncThread that outlived
     * its term (ZOOKEEPER-4712).
     */
    private int fileIndexAfter(long zxid) {
        int size = log.size();
        for (int i = 0; i < size; i++) {
            if (((LogEntry) log.get(i)).zxid() > zxid) {
                return i;
            }
        }
        return size;
    }

    /**
     * Replaces the whole history with a snapshot (a SNAP sync): the snapshot is made
     * durable first, so that a crash at any point leaves a readable state.
     */
    void resetTo(long snapshotZxid, Object snapshot) {
        writeSnapshot(snapshotZxid, snapshot);
        writeLong(LOG_BASE, snapshotZxid);
        base = snapshotZxid;
        entries.clear();
        if (!exiting) {
            log.truncate(0);
        }
    }

    /**
     * Runs the action once everything appended so far is durable. Requests made while an
     * fsync is pending join it (a group commit), and actions run in request order.
     */
    void afterSync(Runnable action) {
        if (!writable()) {
            // Queued behind a dead SyncThread, or in an exiting process: it never runs.
            return;
        }
        awaitingSync.add(action);
        if (!syncScheduled) {
            syncScheduled = true;
            process.schedule(fsyncChoices.duration(config.fsyncDelay()), flushAction);
        }
    }

    private void flush() {
        syncScheduled = false;
        if (!writable()) {
            return;
        }
        if (disk.failingWrites()) {
            failLog();
            return;
        }
        log.fsync();
        // Actions queued while the batch runs wait for the next fsync, in the other list. A
        // batch whose action threw is dropped with it, as the run ends there.
        List<Runnable> batch = awaitingSync;
        awaitingSync = emptyBatch;
        emptyBatch = batch;
        try {
            for (int i = 0; i < batch.size(); i++) {
                batch.get(i).run();
            }
        } finally {
            batch.clear();
        }
    }

    /**
     * ZKDatabase.commit() threw in SyncRequestProcessor.flush: the thread dies (its handler
     * sets the server state to ERROR), the batch's txns never reach the disk and their acks
     * are never sent. The role notices at its next step (ZooKeeper's follower loop and
     * leader tick check isRunning()), through {@link #logFailed()}.
     */
    private void failLog() {
        logFailed = true;
        awaitingSync.clear();
        log.dropUnsynced();
        process.trace(new ZabEvent.DiskWriteFailed("txn log fsync", "SyncThread exits; txns after "
                + Zxid.hex(lastDurableZxid()) + " not logged"));
        onWriteFailure.run();
    }

    /** Called when a txn log fsync or a snapshot write fails, after the failure is recorded. */
    void onWriteFailure(Runnable listener) {
        this.onWriteFailure = listener;
    }

    /** True once a txn log fsync failed in this term: ZooKeeper's SyncRequestProcessor is dead. */
    boolean logFailed() {
        return logFailed;
    }

    /** A new term starts a new SyncRequestProcessor, which logs again (and fails again if the disk still does). */
    void restartLogging() {
        logFailed = false;
    }

    /** The last zxid the log file holds (its base if it holds none): what a restart would read. */
    long lastDurableZxid() {
        return log.size() == 0 ? base : ((LogEntry) log.get(log.size() - 1)).zxid();
    }

    /**
     * Forgets the txns the file lacks after zxid (with 3.9.5's kept database: the pending
     * txns of the dead SyncThread that memory never applied). Those up to zxid stay in the
     * memory log even where the file lacks them, as applied txns stay in ZooKeeper's memory.
     */
    void forgetUnloggedAfter(long zxid) {
        long keepTo = Math.max(zxid, lastDurableZxid());
        entries.subList(indexAfter(keepTo), entries.size()).clear();
    }

    /** True once a snapshot write failed: the process exits at once. */
    boolean exiting() {
        return exiting;
    }

    /**
     * Writes a snapshot durably, or, while the disk fails writes, starts the process's exit
     * (3.9.5's takeSnapshot: "Severe unrecoverable error, exiting"). The exit itself is the
     * caller's to schedule; from here on this storage writes nothing.
     */
    void writeSnapshot(long zxid, Object state) {
        if (exiting) {
            return;
        }
        if (disk.failingWrites()) {
            exiting = true;
            process.trace(new ZabEvent.DiskWriteFailed("snapshot " + Zxid.hex(zxid), "the process exits"));
            onWriteFailure.run();
            return;
        }
        BlobFile file = disk.blob(SNAPSHOT_PREFIX + paddedHex(zxid));
        file.write(new SnapshotFile(zxid, state));
        file.fsync();
        List<String> names = snapshotNames();
        for (int i = 0; i < names.size() - SNAPSHOTS_KEPT; i++) {
            disk.deleteBlob(names.get(i));
        }
    }

    /** The newest snapshot that reads back whole; a torn one is skipped. */
    Optional<SnapshotFile> newestSnapshot() {
        List<String> names = snapshotNames();
        for (int i = names.size() - 1; i >= 0; i--) {
            Optional<Object> content = disk.blob(names.get(i)).read();
            if (content.isPresent()) {
                return Optional.of((SnapshotFile) content.get());
            }
        }
        return Optional.empty();
    }

    private List<String> snapshotNames() {
        List<String> names = new ArrayList<>();
        for (String name : disk.blobNames()) {
            if (name.startsWith(SNAPSHOT_PREFIX)) {
                names.add(name);
            }
        }
        return names;
    }

    /** Zero-padded so that sorting names sorts snapshots by zxid. */
    private static String paddedHex(long zxid) {
        String hex = Long.toHexString(zxid);
        return "0".repeat(16 - hex.length()) + hex;
    }

    private long readLong(String name) {
        return disk.blob(name).read().map(value -> (Long) value).orElse(0L);
    }

    private void writeLong(String name, long value) {
        if (exiting) {
            return;
        }
        BlobFile file = disk.blob(name);
        file.write(value);
        file.fsync();
    }
}

package dev.zksim.kernel.disk;

import dev.zksim.kernel.choice.Choices;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The disk of one simulated node: named log files and blob files that outlive a crash of the
 * process. File names are kept sorted so that listing them, as a restarting server does to
 * find its newest snapshot, is deterministic.
 */
public final class Disk {
    private final TreeMap<String, LogFile> logs = new TreeMap<>();
    private final TreeMap<String, BlobFile> blobs = new TreeMap<>();
    private CrashPolicy policy;
    private boolean failingWrites;

    public Disk(CrashPolicy policy) {
        this.policy = policy;
    }

    /** The log file with this name, created empty on first use. */
    public LogFile log(String name) {
        return logs.computeIfAbsent(name, LogFile::new);
    }

    /** The blob file with this name, created empty on first use. */
    public BlobFile blob(String name) {
        return blobs.computeIfAbsent(name, BlobFile::new);
    }

    /** Names of log files, sorted. */
    public List<String> logNames() {
        return new ArrayList<>(logs.keySet());
    }

    /** Names of blob files that hold something (durable or torn), sorted. */
    public List<String> blobNames() {
        List<String> names = new ArrayList<>();
        blobs.forEach((name, blob) -> {
            if (!blob.isEmpty()) {
                names.add(name);
            }
        });
        return names;
    }

    public void deleteLog(String name) {
        logs.remove(name);
    }

    public void deleteBlob(String name) {
        blobs.remove(name);
    }

    /**
     * Starts or ends a spell of write errors (the disk-error fault): while it lasts, the
     * programs on this node see their writes fail with an IOException, an fsync of the txn
     * log or a snapshot write. The disk does not fail anything itself; each writer asks
     * {@link #failingWrites()} at the point where ZooKeeper's write would throw, because
     * what a failed write leaves behind is the writer's business (a dead SyncThread, an
     * exiting process). The spell outlives a crash: it belongs to the disk.
     */
    public void setFailingWrites(boolean failing) {
        this.failingWrites = failing;
    }

    /** True while the disk-error fault makes writes fail. */
    public boolean failingWrites() {
        return failingWrites;
    }

    public CrashPolicy policy() {
        return policy;
    }

    public void setPolicy(CrashPolicy policy) {
        this.policy = policy;
    }

    /** Applies a crash to every file: unsynced writes are lost, kept in part or torn. */
    public void crash(Choices choices) {
        for (LogFile log : logs.values()) {
            log.crash(choices, policy);
        }
        for (BlobFile blob : blobs.values()) {
            blob.crash(policy.tearLast() && choices.chance(1, 2));
        }
    }
}

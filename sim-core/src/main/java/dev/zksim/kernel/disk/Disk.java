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

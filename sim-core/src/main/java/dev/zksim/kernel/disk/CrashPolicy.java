package dev.zksim.kernel.disk;

/**
 * What a crash does to writes that were not fsynced. The strict default loses all of them.
 * The realistic one lets a crash keep any prefix of the unsynced tail, since the OS may have
 * flushed some pages on its own, and may tear the record after that prefix (half written,
 * caught by its checksum on recovery). A fsynced record always survives.
 */
public record CrashPolicy(boolean keepSomeUnsynced, boolean tearLast) {
    public static final CrashPolicy LOSE_UNSYNCED = new CrashPolicy(false, false);
    public static final CrashPolicy KEEP_PREFIX_AND_TEAR = new CrashPolicy(true, true);
}

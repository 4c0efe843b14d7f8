package dev.zksim.server.zab;

/**
 * Helpers for zxids: the high 32 bits are the epoch of the leader that proposed the txn,
 * the low 32 bits count proposals within that epoch. Comparing zxids as longs therefore
 * orders txns by epoch first, which is what every Zab rule relies on.
 */
public final class Zxid {
    private Zxid() {
    }

    public static long make(long epoch, long counter) {
        return (epoch << 32) | (counter & 0xffffffffL);
    }

    public static long epoch(long zxid) {
        return zxid >>> 32;
    }

    public static long counter(long zxid) {
        return zxid & 0xffffffffL;
    }

    /** The readable form used in trace events, such as 0x100000001. */
    public static String hex(long zxid) {
        return "0x" + Long.toHexString(zxid);
    }
}

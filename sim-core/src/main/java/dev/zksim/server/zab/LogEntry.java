package dev.zksim.server.zab;

/**
 * One record of the txn log, and the unit Zab moves between peers: a zxid and the
 * application's opaque, immutable payload. Its toString feeds the trace, so the payload's
 * toString must be deterministic.
 */
public record LogEntry(long zxid, Object payload) {
    @Override
    public String toString() {
        return Zxid.hex(zxid) + ":" + payload;
    }
}

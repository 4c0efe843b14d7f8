package dev.zksim.server.session;

import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.choice.SplitMix64;
import java.util.function.LongPredicate;

/**
 * Hands out session ids and derives their passwords. As in ZooKeeper the high byte is the
 * id of the server that created the session, which keeps ids unique across an ensemble;
 * the low bits start from the virtual time of the server's start shifted up (as ZooKeeper
 * does with its clock) plus a draw from the server's choices, then count up by one. Ids a
 * restarted server still holds in its database are skipped, so an id is never reused.
 */
public final class SessionIds {
    private static final long LOW_BITS = (1L << 56) - 1;
    private static final long PASSWORD_SALT = 0xB3415C00L;

    private final long high;
    private final LongPredicate taken;
    private long counter;

    public SessionIds(long serverId, long nowMillis, Choices choices, LongPredicate taken) {
        if (serverId < 0 || serverId > 255) {
            throw new IllegalArgumentException("server id must fit the high byte: " + serverId);
        }
        this.high = serverId << 56;
        this.taken = taken;
        this.counter = (((nowMillis << 24) >>> 8) + choices.draw(1L << 16)) & LOW_BITS;
    }

    /** The next unused id; never 0, which on the wire means "new session". */
    public long next() {
        long id;
        do {
            counter = (counter + 1) & LOW_BITS;
            id = high | counter;
        } while (id == 0 || taken.test(id));
        return id;
    }

    /** The session's password: any server can recompute it, so reconnects work anywhere. */
    public static long password(long sessionId) {
        return SplitMix64.mix(sessionId ^ PASSWORD_SALT);
    }

    /** The id as ZooKeeper's logs print it, e.g. 0x100000000000001. */
    public static String hex(long sessionId) {
        return "0x" + Long.toHexString(sessionId);
    }
}

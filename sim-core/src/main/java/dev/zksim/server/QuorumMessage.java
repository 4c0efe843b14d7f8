package dev.zksim.server;

import dev.zksim.kernel.Heartbeat;
import dev.zksim.server.prep.Request;
import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The server-level messages of a quorum, carried by Zab as application messages on the
 * same FIFO connection as PROPOSAL and COMMIT (ZooKeeper's REQUEST, PING-reply touches,
 * REVALIDATE and SYNC packets). A follower sends {@link ToLeader} messages; the leader
 * answers with {@link ToFollower} ones, which therefore arrive after every COMMIT the
 * leader sent before them.
 */
sealed interface QuorumMessage {

    /** From a follower to the leader. */
    sealed interface ToLeader extends QuorumMessage permits Forward, Touches, Revalidate, SyncRequest {
    }

    /** From the leader to one follower. */
    sealed interface ToFollower extends QuorumMessage permits Revalidated, SyncDone {
    }

    /** A write (or createSession/closeSession) of a session connected to the follower. */
    record Forward(long sessionId, int cxid, Request request) implements ToLeader {
    }

    /** The sessions the follower's clients touched since the last report, with their timeouts. */
    record Touches(SortedMap<Long, Integer> sessions) implements ToLeader, Heartbeat {
        public Touches {
            sessions = Collections.unmodifiableSortedMap(new TreeMap<>(sessions));
        }
    }

    /** A client reconnected to the follower with this session (reference 4.5). */
    record Revalidate(long sessionId, int timeoutMs, long connectionId) implements ToLeader {
    }

    /** A client of the follower asked for sync. */
    record SyncRequest(long sessionId, int xid) implements ToLeader {
    }

    /** The leader's verdict on a revalidation: live (now touched) or not. */
    record Revalidated(long sessionId, long connectionId, boolean valid) implements ToFollower {
    }

    /** Every proposal outstanding when the sync arrived has committed, the last being zxid. */
    record SyncDone(long sessionId, int xid, long zxid) implements ToFollower {
    }
}

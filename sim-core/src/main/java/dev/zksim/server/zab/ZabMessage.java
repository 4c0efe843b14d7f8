package dev.zksim.server.zab;

import dev.zksim.kernel.Heartbeat;
import java.util.List;

/**
 * Everything peers send each other. Election notifications travel on election
 * connections; the rest on the quorum connection a follower opens to its leader, where the
 * application's own messages ride in {@link LeaderMessage.ToLearner} and {@link
 * LearnerMessage.ToLeader} so that their order relative to PROPOSAL and COMMIT is kept.
 * Bulk messages print a summary, not their contents, to keep trace lines short.
 */
public sealed interface ZabMessage {

    /** An election notification: the sender's state, election round and current vote. */
    record Notification(long sid, Role state, long round, Vote vote) implements ZabMessage {
    }

    /** Messages from a follower to its leader. */
    sealed interface LearnerMessage extends ZabMessage {
        record FollowerInfo(long sid, long acceptedEpoch) implements LearnerMessage {
        }

        /**
         * The follower's history summary. {@code fresh} is false when the follower had
         * already accepted this epoch before (from this or a rival leader): such an ack does
         * not count toward the epoch quorum, so two leaders can never both establish it.
         */
        record AckEpoch(long currentEpoch, long lastZxid, boolean fresh) implements LearnerMessage {
        }

        record AckNewLeader(long epoch) implements LearnerMessage {
        }

        record Ack(long zxid) implements LearnerMessage {
        }

        record PingReply() implements LearnerMessage, Heartbeat {
        }

        /** The application's message to the leader; a heartbeat if what it carries is one (a report of touches). */
        record ToLeader(Object message) implements LearnerMessage, Heartbeat {
            @Override
            public boolean isHeartbeat() {
                return message instanceof Heartbeat carried && carried.isHeartbeat();
            }
        }
    }

    /** Messages from a leader to one follower. */
    sealed interface LeaderMessage extends ZabMessage {
        record LeaderInfo(long epoch) implements LeaderMessage {
        }

        /** Sync by sending the txns the follower lacks, after the follower's last zxid. */
        record Diff(List<LogEntry> txns) implements LeaderMessage {
            public Diff {
                txns = List.copyOf(txns);
            }

            @Override
            public String toString() {
                return "Diff(" + Summary.of(txns) + ")";
            }
        }

        /** Sync by cutting the follower's log after {@code zxid}, then appending txns. */
        record Trunc(long zxid, List<LogEntry> txns) implements LeaderMessage {
            public Trunc {
                txns = List.copyOf(txns);
            }

            @Override
            public String toString() {
                return "Trunc(" + Zxid.hex(zxid) + ", " + Summary.of(txns) + ")";
            }
        }

        /** Sync by replacing the follower's state with a snapshot and the txns after it. */
        record Snap(Object snapshot, long snapshotZxid, List<LogEntry> txns) implements LeaderMessage {
            public Snap {
                txns = List.copyOf(txns);
            }

            @Override
            public String toString() {
                return "Snap(" + Zxid.hex(snapshotZxid) + ", " + Summary.of(txns) + ")";
            }
        }

        record NewLeader(long epoch, long zxid) implements LeaderMessage {
        }

        /** The leader is serving; everything up to {@code committedZxid} is committed. */
        record UpToDate(long committedZxid) implements LeaderMessage {
        }

        record Proposal(LogEntry entry) implements LeaderMessage {
        }

        record Commit(long zxid) implements LeaderMessage {
        }

        record Ping() implements LeaderMessage, Heartbeat {
        }

        record ToLearner(Object message) implements LeaderMessage {
        }
    }

    /** Formats a txn list as its size and zxid range. */
    final class Summary {
        private Summary() {
        }

        static String of(List<LogEntry> txns) {
            if (txns.isEmpty()) {
                return "no txns";
            }
            return txns.size() + " txns " + Zxid.hex(txns.getFirst().zxid()) + ".." + Zxid.hex(txns.getLast().zxid());
        }
    }
}

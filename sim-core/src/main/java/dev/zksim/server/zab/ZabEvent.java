package dev.zksim.server.zab;

import dev.zksim.kernel.trace.TraceEvent;

/** Zab protocol steps as they appear in the trace; zxids are printed in hex. */
public sealed interface ZabEvent extends TraceEvent {
    record Recovered(String snapshotZxid, String lastLoggedZxid, long acceptedEpoch, long currentEpoch)
            implements ZabEvent {
    }

    record Looking(long round, String reason) implements ZabEvent {
    }

    record VoteCast(long round, Vote vote) implements ZabEvent {
    }

    record Elected(long leader, long round, Role role) implements ZabEvent {
    }

    record EpochDecided(long epoch) implements ZabEvent {
    }

    record SyncSent(long follower, String mode, String followerZxid, String leaderZxid) implements ZabEvent {
    }

    record SyncApplied(String mode, String lastZxid) implements ZabEvent {
    }

    record Established(long epoch, String committedZxid) implements ZabEvent {
    }

    record Serving(Role role, long epoch, String committedZxid) implements ZabEvent {
    }

    record Proposed(String zxid) implements ZabEvent {
    }

    record Committed(String zxid) implements ZabEvent {
    }

    record Truncated(String toZxid) implements ZabEvent {
    }

    record SnapshotTaken(String zxid) implements ZabEvent {
    }

    record StepDown(String reason) implements ZabEvent {
    }

    record LeaderLost(long leader, String reason) implements ZabEvent {
    }

    /** A write failed under the disk-error fault: which one, and what the server does about it. */
    record DiskWriteFailed(String write, String outcome) implements ZabEvent {
    }

    /** After a failed txn log write, the term ended and the peer settled its memory against its disk. */
    record AfterLogFailure(String outcome, String memoryZxid, String diskZxid) implements ZabEvent {
    }
}

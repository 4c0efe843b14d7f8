package dev.zksim.server.zab;

import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.Timer;
import dev.zksim.kernel.net.Connection;
import dev.zksim.kernel.net.ConnectionHandler;
import dev.zksim.server.zab.ZabMessage.LeaderMessage;
import dev.zksim.server.zab.ZabMessage.LearnerMessage;
import java.util.ArrayList;
import java.util.List;

/**
 * The follower side of Zab for one term under one leader: connect (retrying a few times,
 * since the leader may still be finishing its own election), FOLLOWERINFO, accept the epoch,
 * apply the sync, persist the epoch and ack NEWLEADER, then log and ack proposals and
 * deliver commits. The whole handshake must finish within initLimit ticks; afterwards a
 * leader silent for syncLimit ticks (it pings every half tick) sends the peer back to
 * LOOKING, as does any loss of the connection.
 *
 * <p>Some known bugs need a finer grain, which only their flags switch on ({@link
 * #usesSyncGrain}): proposals are logged by a {@link SyncRequestProcessor} in steps of its
 * own, and during the sync the learner keeps ZooKeeper's packetsNotCommitted until NEWLEADER
 * and UPTODATE. Without them a proposal is appended at once and acked after the group fsync.
 */
final class FollowerRole {
    private static final int CONNECT_ATTEMPTS = 5;

    private final QuorumPeer peer;
    private final ZabStorage storage;
    private final long leaderId;
    private Connection connection;
    private Timer deadline;
    private Timer watchdog;
    private boolean active = true;
    private boolean serving;
    private boolean gotLeaderInfo;
    private long epoch = -1;
    /** The last txn of the leader's DIFF, TRUNC or SNAP: those it committed before NEWLEADER. */
    private long syncedThrough = -1;
    private long lastHeard;
    private int attempts;
    /**
     * With ZOOKEEPER-3911 re-introduced: the DIFF txns and the proposals of the sync, held in
     * memory until UPTODATE (null otherwise), and the proposals among them to ack once logged.
     */
    private List<LogEntry> unlogged;
    private final List<Long> proposalsToAck = new ArrayList<>();
    /**
     * With the sync grain of ZOOKEEPER-4394, 4712 and 4785 (null otherwise): the SyncThread that
     * logs proposals, and, from the sync until UPTODATE, the learner's packetsNotCommitted.
     */
    private final SyncRequestProcessor syncProcessor;
    private List<LogEntry> packetsNotCommitted;
    /** The highest zxid committed by the leader; delivered once the SyncThread has logged it. */
    private long committedTarget;
    /**
     * With ZOOKEEPER-5094 re-introduced, from a TRUNC until NEWLEADER (null otherwise): the
     * txns of the sync, not yet logged, and the zxid up to which they are committed, which
     * ZooKeeper's learner has applied to its in-memory database only.
     */
    private List<LogEntry> truncSync;
    private long truncCommitted;

    FollowerRole(QuorumPeer peer, long leaderId) {
        this.peer = peer;
        this.storage = peer.storage();
        this.leaderId = leaderId;
        this.syncProcessor = usesSyncGrain(peer.config()) ? new SyncRequestProcessor(peer, this::deliverLogged) : null;
    }

    /**
     * True if this follower logs through a {@link SyncRequestProcessor} and keeps the learner's
     * packet lists during the sync: the grain ZOOKEEPER-4394, 4712 and 4785 need. ZOOKEEPER-3911
     * has its own older sync path, which takes precedence.
     */
    static boolean usesSyncGrain(ZabConfig config) {
        return !config.has(KnownBug.ZK_3911)
                && (config.has(KnownBug.ZK_4394) || config.has(KnownBug.ZK_4712) || config.has(KnownBug.ZK_4785));
    }

    void start() {
        long initLimit = peer.config().initLimit() * peer.config().tick();
        deadline = peer.process().timer(initLimit, () -> fail("initLimit passed before UPTODATE"));
        connect();
    }

    boolean isServing() {
        return active && serving;
    }

    void close() {
        active = false;
        deadline.cancel();
        if (watchdog != null) {
            watchdog.cancel();
        }
        if (connection != null) {
            connection.close();
        }
        if (truncSync != null) {
            keepInMemoryAfterInterruptedTrunc();
        }
        if (syncProcessor != null && peer.config().has(KnownBug.ZK_4712)) {
            syncProcessor.leak();
        } else if (syncProcessor != null) {
            // Follower.shutdown() after ZOOKEEPER-4712's fix: the SyncRequestProcessor is shut
            // down (what it queued is logged) before the peer looks for a new leader.
            syncProcessor.shutdown();
        }
    }

    private void fail(String reason) {
        if (active) {
            peer.trace(new ZabEvent.LeaderLost(leaderId, reason));
            peer.roleFailed(reason);
        }
    }

    private void connect() {
        attempts++;
        connection = peer.network().connect(peer.process(), peer.config().processOf(leaderId), new Channel());
    }

    boolean send(LearnerMessage message) {
        if (!isServing()) {
            return false;
        }
        connection.send(message);
        return true;
    }

    /** The quorum connection to the leader. */
    /** Whether the connection to the leader is up and nothing broke it (see {@link Connection#isSound()}). */
    boolean linkSound() {
        return connection != null && connection.isSound();
    }

    private final class Channel implements ConnectionHandler {
        @Override
        public void onConnected(Connection opened) {
            if (active && opened == connection) {
                lastHeard = peer.process().now();
                opened.send(new LearnerMessage.FollowerInfo(peer.myId(), storage.acceptedEpoch()));
            }
        }

        @Override
        public void onMessage(Connection from, Object message) {
            if (active && from == connection && message instanceof LeaderMessage leaderMessage) {
                lastHeard = peer.process().now();
                handle(leaderMessage);
                if (storage.logFailed()) {
                    // Follower.followLeader checks isRunning() between packets: the one read
                    // when the SyncThread died is still processed.
                    fail("txn log write failed: SyncThread exited");
                }
            }
        }

        @Override
        public void onClosed(Connection closed, String reason) {
            if (!active || closed != connection) {
                return;
            }
            if (!gotLeaderInfo && attempts < CONNECT_ATTEMPTS) {
                peer.process().schedule(Math.min(Time.seconds(1), peer.config().tick()), () -> {
                    if (active) {
                        connect();
                    }
                });
            } else {
                fail("connection to leader closed: " + reason);
            }
        }
    }

    /** The broadcast phase's messages come first: the switch tests its cases in order. */
    private void handle(LeaderMessage message) {
        switch (message) {
            case LeaderMessage.Proposal proposal -> onProposal(proposal.entry());
            case LeaderMessage.Commit commit -> onCommit(commit.zxid());
            case LeaderMessage.Ping ping -> connection.send(new LearnerMessage.PingReply());
            case LeaderMessage.LeaderInfo info -> onLeaderInfo(info.epoch());
            case LeaderMessage.Diff diff -> {
                if (peer.config().has(KnownBug.ZK_3911)) {
                    holdDiff(diff.txns());
                } else if (peer.config().has(KnownBug.ZK_2845)) {
                    applySync("DIFF", peer.diffOverDatabase(diff.txns()));
                } else if (syncProcessor != null) {
                    holdPackets(diff.txns());
                } else {
                    applySync("DIFF", diff.txns());
                }
            }
            case LeaderMessage.Trunc trunc -> {
                peer.monitor().truncating(peer.myId(), storage.entriesAfter(trunc.zxid()));
                if (trunc.zxid() < peer.lastCommittedZxid()) {
                    // Only a leader that lacks committed txns asks for this (a known bug re-introduced).
                    throw SimulationFailure.safety(peer.process().now(), "peer " + peer.myId() + " was told to TRUNC to "
                            + Zxid.hex(trunc.zxid()) + ", which would undo its delivered " + Zxid.hex(peer.lastCommittedZxid()));
                }
                storage.truncateAfter(trunc.zxid());
                peer.truncatedTo(trunc.zxid());
                peer.trace(new ZabEvent.Truncated(Zxid.hex(trunc.zxid())));
                if (peer.config().has(KnownBug.ZK_5094)) {
                    holdTruncSync(trunc);
                } else {
                    applySync("TRUNC", trunc.txns());
                    startPacketLists();
                }
            }
            case LeaderMessage.Snap snap -> {
                storage.resetTo(snap.snapshotZxid(), snap.snapshot());
                peer.installSnapshot(snap.snapshot(), snap.snapshotZxid());
                applySync("SNAP", snap.txns());
                startPacketLists();
            }
            case LeaderMessage.NewLeader newLeader -> onNewLeader(newLeader.epoch());
            case LeaderMessage.UpToDate upToDate -> onUpToDate(upToDate.committedZxid());
            case LeaderMessage.ToLearner app -> peer.app().onLeaderMessage(app.message());
        }
    }

    /** Accepts a newer epoch durably; an epoch below one already accepted means a stale leader. */
    private void onLeaderInfo(long newEpoch) {
        long accepted = storage.acceptedEpoch();
        if (newEpoch < accepted) {
            fail("leader epoch " + newEpoch + " is below accepted epoch " + accepted);
            return;
        }
        boolean fresh = newEpoch > accepted;
        if (fresh) {
            storage.setAcceptedEpoch(newEpoch);
        }
        gotLeaderInfo = true;
        epoch = newEpoch;
        connection.send(new LearnerMessage.AckEpoch(storage.currentEpoch(), peer.lastProcessedZxid(), fresh));
    }

    private void applySync(String mode, List<LogEntry> txns) {
        for (LogEntry entry : txns) {
            peer.logAppend(entry);
        }
        syncedThrough = storage.lastZxid();
        peer.trace(new ZabEvent.SyncApplied(mode, Zxid.hex(storage.lastZxid())));
    }

    /**
     * The synced history and then the new epoch must be durable before the ack
     * (Learner.syncWithLeader after ZOOKEEPER-4643 and ZOOKEEPER-4646: log the pending txns
     * synchronously, then setCurrentEpoch, then ACK). The two flags put back the older orders.
     */
    private void onNewLeader(long newEpoch) {
        if (truncSync != null) {
            // NEWLEADER's snapshot makes what the TRUNC sync applied in memory durable; zksim logs it.
            truncSync.forEach(peer::logAppend);
            truncSync = null;
        }
        if (packetsNotCommitted != null) {
            logPacketsAtNewLeader(newEpoch);
            return;
        }
        if (unlogged != null) {
            // Before ZOOKEEPER-3911 the follower wrote the epoch and ACKed with the DIFF txns
            // still only in memory; they were logged after UPTODATE.
            storage.setCurrentEpoch(newEpoch);
            connection.send(new LearnerMessage.AckNewLeader(newEpoch));
            return;
        }
        if (peer.config().has(KnownBug.ZK_4646)) {
            // Before ZOOKEEPER-4646 the txns went to the SyncRequestProcessor's queue, whose
            // fsync comes later, and the QuorumPeer thread went on to write the epoch and ACK.
            storage.afterSync(() -> {
            });
            storage.setCurrentEpoch(newEpoch);
            connection.send(new LearnerMessage.AckNewLeader(newEpoch));
            return;
        }
        boolean epochFirst = peer.config().has(KnownBug.ZK_4643);
        if (epochFirst) {
            // Before ZOOKEEPER-4643 the epoch file was written first, then the txns were logged.
            storage.setCurrentEpoch(newEpoch);
        }
        storage.afterSync(() -> {
            if (active) {
                if (!epochFirst) {
                    storage.setCurrentEpoch(newEpoch);
                }
                connection.send(new LearnerMessage.AckNewLeader(newEpoch));
            }
        });
    }

    /** ZOOKEEPER-3911's DIFF: the txns stay in memory, as packetsNotCommitted did, until UPTODATE. */
    private void holdDiff(List<LogEntry> txns) {
        unlogged = new ArrayList<>(txns);
        peer.trace(new ZabEvent.SyncApplied("DIFF", Zxid.hex(txns.isEmpty() ? storage.lastZxid() : txns.getLast().zxid())));
    }

    /** ZOOKEEPER-3911's UPTODATE: only now are the held txns logged, and the held proposals acked once durable. */
    private void logHeldTxns() {
        unlogged.forEach(storage::append);
        unlogged = null;
        List<Long> acks = List.copyOf(proposalsToAck);
        proposalsToAck.clear();
        storage.afterSync(() -> {
            if (active) {
                acks.forEach(zxid -> connection.send(new LearnerMessage.Ack(zxid)));
            }
        });
    }

    private void onUpToDate(long committedZxid) {
        if (unlogged != null) {
            logHeldTxns();
        }
        if (packetsNotCommitted != null) {
            // The proposals received after NEWLEADER go to the SyncThread (logRequest), acked once logged.
            packetsNotCommitted.forEach(entry -> syncProcessor.processRequest(entry, ackOnceLogged(entry)));
            packetsNotCommitted = null;
        }
        serving = true;
        deadline.cancel();
        armWatchdog();
        if (syncProcessor != null) {
            commitWhenLogged(committedZxid);
        } else {
            peer.deliverAppliedDuringSync(Math.min(committedZxid, syncedThrough));
            peer.deliverUpTo(committedZxid);
        }
        peer.onServing(Role.FOLLOWING, epoch);
    }

    private void onProposal(LogEntry entry) {
        if (unlogged != null) {
            unlogged.add(entry);
            proposalsToAck.add(entry.zxid());
            return;
        }
        if (packetsNotCommitted != null) {
            packetsNotCommitted.add(entry);
            return;
        }
        if (truncSync != null) {
            truncSync.add(entry);
            return;
        }
        if (syncProcessor != null) {
            syncProcessor.processRequest(entry, ackOnceLogged(entry));
            return;
        }
        peer.logAppend(entry);
        storage.afterSync(() -> {
            if (active) {
                connection.send(new LearnerMessage.Ack(entry.zxid()));
            }
        });
    }

    private void onCommit(long zxid) {
        if (unlogged != null) {
            // A commit of a txn still held in memory is covered by UPTODATE's zxid.
            return;
        }
        if (packetsNotCommitted != null && packetsNotCommitted.isEmpty() && peer.config().has(KnownBug.ZK_4394)) {
            // Before ZOOKEEPER-4394's fix, NEWLEADER drained packetsNotCommitted, outstanding
            // proposals included, and the COMMIT of one of them met an empty list:
            // packetsNotCommitted.peekFirst() is null, syncWithLeader throws, the follower drops out.
            peer.monitor().commitWithoutProposal(peer.myId(), zxid);
            fail("NullPointerException in syncWithLeader: COMMIT " + Zxid.hex(zxid) + " after NEWLEADER drained"
                    + " packetsNotCommitted");
            return;
        }
        if (syncProcessor != null) {
            commitWhenLogged(zxid);
            return;
        }
        if (truncSync != null) {
            // Before NEWLEADER a TRUNC sync applies a COMMIT to memory only (zk.processTxn).
            truncCommitted = Math.max(truncCommitted, zxid);
            return;
        }
        if (zxid > peer.lastCommittedZxid() && !storage.holds(zxid)) {
            peer.monitor().commitWithoutProposal(peer.myId(), zxid);
        }
        peer.deliverUpTo(zxid);
    }

    /**
     * ZOOKEEPER-5094's TRUNC: the log is cut at once, but the txns that follow are not logged
     * before NEWLEADER; the committed ones go to memory only (snapshotNeeded, !writeToTxnLog).
     */
    private void holdTruncSync(LeaderMessage.Trunc trunc) {
        truncSync = new ArrayList<>(trunc.txns());
        // The COMMIT that follows tells how far they are committed (LeaderRole.commitTruncatedSync).
        truncCommitted = trunc.zxid();
        String last = Zxid.hex(trunc.txns().isEmpty() ? storage.lastZxid() : trunc.txns().getLast().zxid());
        peer.trace(new ZabEvent.SyncApplied("TRUNC", last));
    }

    /**
     * ZOOKEEPER-5094: the connection failed before NEWLEADER, and Learner.shutdown() asks for a
     * full shutdown (clearing the database) only after an incomplete SNAP. The in-memory
     * database keeps the committed txns of the TRUNC sync that the log never got, and the
     * peer reports them as its last zxid. (With the fix the database is reloaded from disk.)
     */
    private void keepInMemoryAfterInterruptedTrunc() {
        for (LogEntry entry : truncSync) {
            if (entry.zxid() > truncCommitted) {
                break;
            }
            if (entry.zxid() > peer.lastCommittedZxid()) {
                peer.applyInMemory(entry);
            }
        }
        truncSync = null;
    }

    /** The sync grain's DIFF: the txns wait in packetsNotCommitted until NEWLEADER. */
    private void holdPackets(List<LogEntry> txns) {
        packetsNotCommitted = new ArrayList<>(txns);
        peer.trace(new ZabEvent.SyncApplied("DIFF", Zxid.hex(txns.isEmpty() ? storage.lastZxid() : txns.getLast().zxid())));
    }

    /** After a TRUNC or SNAP (applied at once), the proposals that follow wait in packetsNotCommitted too. */
    private void startPacketLists() {
        if (syncProcessor != null) {
            packetsNotCommitted = new ArrayList<>();
        }
    }

    /**
     * NEWLEADER with the learner's packet lists. ZOOKEEPER-4785's fix (3.9.2): append the
     * pending txns, flush, then write the epoch and ACK; the list is drained. Before the fix
     * (3.9.1) the epoch came first, the txns were only queued for the SyncThread
     * (logRequest), and the ACK went out at once, so the SyncThread raced the ACK and any
     * crash or bounce that followed.
     */
    private void logPacketsAtNewLeader(long newEpoch) {
        List<LogEntry> pending = List.copyOf(packetsNotCommitted);
        packetsNotCommitted.clear();
        if (peer.config().has(KnownBug.ZK_4785)) {
            storage.setCurrentEpoch(newEpoch);
            pending.forEach(entry -> syncProcessor.processRequest(entry, ackOnceLogged(entry)));
            connection.send(new LearnerMessage.AckNewLeader(newEpoch));
            return;
        }
        pending.forEach(peer::logAppend);
        deliverLogged();
        storage.afterSync(() -> {
            if (active) {
                storage.setCurrentEpoch(newEpoch);
                connection.send(new LearnerMessage.AckNewLeader(newEpoch));
            }
        });
    }

    /** The SendAckRequestProcessor's ACK, for the SyncThread to run after the flush. */
    private Runnable ackOnceLogged(LogEntry entry) {
        return () -> {
            if (active) {
                connection.send(new LearnerMessage.Ack(entry.zxid()));
            }
        };
    }

    /**
     * Delivers a committed zxid once it is in the log. With the SyncThread a COMMIT can
     * overtake the append of its proposal; ZooKeeper's CommitProcessor applies it from the
     * request in memory, zksim from the log, so the delivery waits for the append.
     */
    private void commitWhenLogged(long zxid) {
        committedTarget = Math.max(committedTarget, zxid);
        deliverLogged();
    }

    private void deliverLogged() {
        if (active && committedTarget > peer.lastCommittedZxid() && storage.holds(committedTarget)) {
            peer.deliverUpTo(committedTarget);
        }
    }

    /**
     * Gives up on the leader once it has been silent for syncLimit ticks, as ZooKeeper's
     * read timeout on the leader's socket does. The timer is aimed at the moment the
     * silence would reach the limit and re-aimed when the leader spoke meanwhile; checking
     * only once per tick instead let a cut-off follower serve stale state up to a whole
     * tick longer.
     */
    private void armWatchdog() {
        long limit = peer.config().syncLimit() * peer.config().tick();
        long silentFor = peer.process().now() - lastHeard;
        watchdog = peer.process().heartbeat(Math.max(0, limit - silentFor), () -> {
            if (!active) {
                return;
            }
            if (peer.process().now() - lastHeard >= limit) {
                fail("leader silent for syncLimit");
            } else {
                armWatchdog();
            }
        });
    }
}

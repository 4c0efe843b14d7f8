package dev.zksim.server.zab;

import dev.zksim.kernel.Timer;
import dev.zksim.kernel.net.Connection;
import dev.zksim.kernel.trace.EventKey;
import dev.zksim.server.zab.ZabMessage.LeaderMessage;
import dev.zksim.server.zab.ZabMessage.LearnerMessage;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The leader side of Zab for one leadership term: discovery (collect FOLLOWERINFO from a
 * quorum, pick the new epoch, collect ACKEPOCH), synchronisation (a {@link SyncPlanner} plan
 * and NEWLEADER per follower, established once a quorum acks NEWLEADER), then broadcast
 * (propose, count acks, commit in zxid order) with pings and the synced-quorum check. A
 * new object is made for every term, so no state leaks from an earlier one; once it has
 * stepped down ({@code active} false) its timers and late callbacks do nothing.
 */
final class LeaderRole {
    /** How far one follower got through discovery and synchronisation. */
    private enum Phase { INFO, EPOCH_SENT, EPOCH_ACKED, SYNCING, SYNCED }

    /** The leader's view of one connected follower. */
    private static final class Learner {
        final long sid;
        final Connection connection;
        Phase phase = Phase.INFO;
        long lastZxid;
        long syncedTo;
        long lastHeard;

        Learner(long sid, Connection connection) {
            this.sid = sid;
            this.connection = connection;
        }
    }

    /** Every write is proposed and committed: counted by key when nothing reads the records. */
    private static final EventKey PROPOSED = EventKey.of(ZabEvent.Proposed.class);
    private static final EventKey COMMITTED = EventKey.of(ZabEvent.Committed.class);

    private final QuorumPeer peer;
    private final ZabStorage storage;
    private final long myId;
    private final Map<Long, Learner> learners = new TreeMap<>();
    private final Map<Long, Long> acceptedEpochs = new TreeMap<>();
    private final Set<Long> epochAcks = new TreeSet<>();
    private final Set<Long> newLeaderAcks = new TreeSet<>();
    private final OutstandingProposals outstanding = new OutstandingProposals();
    private Timer initTimer;
    private Timer tickTimer;
    private boolean active = true;
    private boolean established;
    private long epoch = -1;
    private long lastProposed;

    LeaderRole(QuorumPeer peer) {
        this.peer = peer;
        this.storage = peer.storage();
        this.myId = peer.myId();
    }

    void start() {
        acceptedEpochs.put(myId, storage.acceptedEpoch());
        long initLimit = peer.config().initLimit() * peer.config().tick();
        initTimer = peer.process().timer(initLimit, () -> {
            if (!established) {
                stepDown("initLimit passed before a quorum synced");
            }
        });
        tickTimer = peer.process().heartbeat(peer.config().tick() / 2, this::onHalfTick);
        maybeDecideEpoch();
    }

    boolean isEstablished() {
        return active && established;
    }

    long epoch() {
        return epoch;
    }

    /** Ends the term: closes every follower connection and silences timers. */
    void close() {
        active = false;
        initTimer.cancel();
        tickTimer.cancel();
        for (Learner learner : learners.values()) {
            learner.connection.close();
        }
        learners.clear();
    }

    private void stepDown(String reason) {
        if (active) {
            peer.trace(new ZabEvent.StepDown(reason));
            peer.roleFailed(reason);
        }
    }

    /** Whether the connection to every learner of this term is sound (see {@link Connection#isSound()}). */
    boolean linksSound() {
        for (Learner learner : learners.values()) {
            if (!learner.connection.isSound()) {
                return false;
            }
        }
        return true;
    }

    void onMessage(Connection connection, LearnerMessage message) {
        if (!active) {
            connection.close();
            return;
        }
        if (message instanceof LearnerMessage.FollowerInfo info) {
            onFollowerInfo(connection, info);
            return;
        }
        Learner learner = learnerOn(connection);
        if (learner == null) {
            connection.close();
            return;
        }
        learner.lastHeard = peer.process().now();
        // The broadcast phase's acks come first: the switch tests its cases in order.
        switch (message) {
            case LearnerMessage.Ack ack -> {
                if (established && learner.phase == Phase.SYNCED) {
                    onAck(learner.sid, ack.zxid());
                }
            }
            case LearnerMessage.FollowerInfo info -> throw new IllegalStateException("handled above: " + info);
            case LearnerMessage.AckEpoch ack -> onAckEpoch(learner, ack);
            case LearnerMessage.AckNewLeader ack -> onAckNewLeader(learner, ack);
            case LearnerMessage.PingReply reply -> {
            }
            case LearnerMessage.ToLeader app -> {
                if (established && learner.phase == Phase.SYNCED) {
                    peer.app().onLearnerMessage(learner.sid, app.message());
                }
            }
        }
    }

    void onClosed(Connection connection) {
        Learner learner = learnerOn(connection);
        if (learner != null) {
            learners.remove(learner.sid);
        }
    }

    private Learner learnerOn(Connection connection) {
        for (Learner learner : learners.values()) {
            if (learner.connection == connection) {
                return learner;
            }
        }
        return null;
    }

    private void onFollowerInfo(Connection connection, LearnerMessage.FollowerInfo info) {
        if (!peer.config().members().containsKey(info.sid()) || info.sid() == myId) {
            connection.close();
            return;
        }
        Learner previous = learners.remove(info.sid());
        if (previous != null && previous.connection != connection) {
            previous.connection.close();
        }
        Learner learner = new Learner(info.sid(), connection);
        learner.lastHeard = peer.process().now();
        learners.put(info.sid(), learner);
        acceptedEpochs.merge(info.sid(), info.acceptedEpoch(), Math::max);
        if (epoch >= 0) {
            sendLeaderInfo(learner);
        } else {
            maybeDecideEpoch();
        }
    }

    /** Once a quorum (this leader included) is connected, the new epoch is max accepted + 1. */
    private void maybeDecideEpoch() {
        if (epoch >= 0 || !peer.config().isQuorum(acceptedEpochs.size())) {
            return;
        }
        long max = 0;
        for (long accepted : acceptedEpochs.values()) {
            max = Math.max(max, accepted);
        }
        epoch = max + 1;
        storage.setAcceptedEpoch(epoch);
        peer.trace(new ZabEvent.EpochDecided(epoch));
        for (Learner learner : learners.values()) {
            sendLeaderInfo(learner);
        }
        epochAcks.add(myId);
        maybeEpochQuorum();
    }

    private void sendLeaderInfo(Learner learner) {
        learner.phase = Phase.EPOCH_SENT;
        learner.connection.send(new LeaderMessage.LeaderInfo(epoch));
    }

    private void onAckEpoch(Learner learner, LearnerMessage.AckEpoch ack) {
        if (learner.phase != Phase.EPOCH_SENT) {
            return;
        }
        learner.phase = Phase.EPOCH_ACKED;
        learner.lastZxid = ack.lastZxid();
        boolean quorumBefore = peer.config().isQuorum(epochAcks.size());
        if (!quorumBefore && moreRecentThanMe(ack)) {
            stepDown("follower " + learner.sid + " is more recent: epoch " + ack.currentEpoch() + ", "
                    + Zxid.hex(ack.lastZxid()));
            return;
        }
        if (ack.fresh()) {
            epochAcks.add(learner.sid);
        }
        if (quorumBefore) {
            sync(learner);
        } else {
            maybeEpochQuorum();
        }
    }

    private boolean moreRecentThanMe(LearnerMessage.AckEpoch ack) {
        long myEpoch = storage.currentEpoch();
        return ack.currentEpoch() > myEpoch || (ack.currentEpoch() == myEpoch && ack.lastZxid() > peer.lastProcessedZxid());
    }

    /** A quorum acked the epoch: adopt it, sync everyone waiting, and ack NEWLEADER ourselves. */
    private void maybeEpochQuorum() {
        if (!peer.config().isQuorum(epochAcks.size())) {
            return;
        }
        storage.setCurrentEpoch(epoch);
        for (Learner learner : List.copyOf(learners.values())) {
            if (learner.phase == Phase.EPOCH_ACKED) {
                sync(learner);
            }
        }
        storage.afterSync(() -> {
            if (active) {
                newLeaderAcks.add(myId);
                maybeEstablish();
            }
        });
    }

    private void sync(Learner learner) {
        long followerZxid = learner.lastZxid;
        SyncPlanner.Plan plan = peer.syncPlan(followerZxid);
        LeaderMessage message = switch (plan) {
            case SyncPlanner.Plan.Diff diff -> new LeaderMessage.Diff(diff.txns());
            case SyncPlanner.Plan.Trunc trunc -> new LeaderMessage.Trunc(trunc.zxid(), trunc.txns());
            case SyncPlanner.Plan.Snap snap -> new LeaderMessage.Snap(peer.app().takeSnapshot(), peer.lastCommittedZxid(),
                    peer.historyAfter(peer.lastCommittedZxid()));
        };
        String mode = plan.getClass().getSimpleName().toUpperCase(Locale.ROOT);
        peer.trace(new ZabEvent.SyncSent(learner.sid, mode, Zxid.hex(followerZxid), Zxid.hex(storage.lastZxid())));
        learner.connection.send(message);
        if (message instanceof LeaderMessage.Trunc trunc && peer.config().has(KnownBug.ZK_5094)) {
            commitTruncatedSync(learner, trunc);
        }
        learner.connection.send(new LeaderMessage.NewLeader(epoch, storage.lastZxid()));
        learner.syncedTo = storage.lastZxid();
        learner.phase = Phase.SYNCING;
    }

    /**
     * ZooKeeper sends the txns of a sync as PROPOSAL packets, each committed one followed by its
     * COMMIT; zksim's TRUNC carries them in one message. The follower's path of ZOOKEEPER-5094
     * applies the committed ones to memory, so under that flag the leader follows the TRUNC
     * with the COMMIT of the last committed one: an established leader's delivered zxid, before
     * that its whole history, which ZooKeeper's leader loaded into memory and syncs as
     * committed. Without the flag nothing reads it, and the trace stays as it was.
     */
    private void commitTruncatedSync(Learner learner, LeaderMessage.Trunc trunc) {
        long committed = established ? peer.lastCommittedZxid() : storage.lastZxid();
        if (committed > trunc.zxid()) {
            learner.connection.send(new LeaderMessage.Commit(committed));
        }
    }

    private void onAckNewLeader(Learner learner, LearnerMessage.AckNewLeader ack) {
        if (learner.phase != Phase.SYNCING || ack.epoch() != epoch) {
            return;
        }
        learner.phase = Phase.SYNCED;
        newLeaderAcks.add(learner.sid);
        if (established) {
            learner.connection.send(new LeaderMessage.UpToDate(peer.lastCommittedZxid()));
            ackSyncedProposals(learner);
        } else {
            maybeEstablish();
        }
    }

    /**
     * A follower acks NEWLEADER only once the synced history is durable in its log, so it
     * now holds every outstanding proposal up to the end of that history. ZooKeeper's
     * learner acks such proposals one by one after UPTODATE; counting them here has the
     * same effect. Without it, proposals made while no quorum was connected would wait
     * for acks that no follower ever sends, and every later proposal behind them.
     */
    private void ackSyncedProposals(Learner learner) {
        outstanding.ackUpTo(learner.syncedTo, learner.sid);
        commitReady();
    }

    /**
     * A quorum holds this leader's history in the new epoch, so all of it is committed
     * (reference 5.4): deliver it, tell the synced followers, and start serving.
     */
    private void maybeEstablish() {
        if (established || !newLeaderAcks.contains(myId) || !peer.config().isQuorum(newLeaderAcks.size())) {
            return;
        }
        peer.monitor().leaderHistory(myId, epoch, storage.base(), storage.entries());
        established = true;
        // Its action would do nothing now; cancelled, it no longer stands in the way of a run's idle end.
        initTimer.cancel();
        lastProposed = Zxid.make(epoch, 0);
        peer.deliverUpTo(storage.lastZxid());
        peer.monitor().established(myId, epoch);
        peer.trace(new ZabEvent.Established(epoch, Zxid.hex(peer.lastCommittedZxid())));
        for (Learner learner : learners.values()) {
            if (learner.phase == Phase.SYNCED) {
                learner.connection.send(new LeaderMessage.UpToDate(peer.lastCommittedZxid()));
            }
        }
        peer.onServing(Role.LEADING, epoch);
    }

    /** Logs and sends a proposal; the leader's own ack counts once its log write is durable. */
    long propose(Object payload) {
        if (!isEstablished()) {
            throw new IllegalStateException("not an established leader");
        }
        if (Zxid.counter(lastProposed) == 0xffffffffL) {
            stepDown("zxid counter exhausted");
            throw new IllegalStateException("zxid counter exhausted; a new election follows");
        }
        long zxid = ++lastProposed;
        LogEntry entry = new LogEntry(zxid, payload);
        storage.append(entry);
        outstanding.add(zxid);
        peer.traceZxid(zxid, PROPOSED, ZabEvent.Proposed::new);
        forward(new LeaderMessage.Proposal(entry));
        storage.afterSync(() -> {
            if (active) {
                onAck(myId, zxid);
            }
        });
        return zxid;
    }

    private void onAck(long sid, long zxid) {
        if (outstanding.ack(zxid, sid)) {
            commitReady();
        }
    }

    /** Commits strictly in zxid order: a later proposal waits for every earlier one. */
    private void commitReady() {
        while (firstOutstandingHasQuorum()) {
            commit(outstanding.removeOldest());
        }
    }

    private boolean firstOutstandingHasQuorum() {
        return !outstanding.isEmpty() && peer.config().isQuorum(outstanding.oldestAcks());
    }

    private void commit(long zxid) {
        peer.traceZxid(zxid, COMMITTED, ZabEvent.Committed::new);
        forward(new LeaderMessage.Commit(zxid));
        peer.deliverUpTo(zxid);
    }

    /** Sends to every follower that got NEWLEADER, so it sees every later proposal. */
    void forward(LeaderMessage message) {
        for (Learner learner : learners.values()) {
            if (learner.phase == Phase.SYNCING || learner.phase == Phase.SYNCED) {
                learner.connection.send(message);
            }
        }
    }

    boolean sendTo(long sid, LeaderMessage message) {
        Learner learner = learners.get(sid);
        if (!isEstablished() || learner == null || learner.phase != Phase.SYNCED) {
            return false;
        }
        learner.connection.send(message);
        return true;
    }

    /**
     * Every half tick: drops the followers it has not heard from in time, steps down if
     * fewer than a quorum remain synced, and pings the rest.
     */
    private void onHalfTick() {
        if (!active) {
            return;
        }
        tickTimer = peer.process().heartbeat(peer.config().tick() / 2, this::onHalfTick);
        if (storage.logFailed()) {
            // Leader.lead's tick loop: "Unexpected internal error" once the server is not running.
            stepDown("Unexpected internal error: txn log write failed");
            return;
        }
        if (!established) {
            return;
        }
        dropSilentLearners();
        int synced = 1;
        for (Learner learner : learners.values()) {
            if (learner.phase == Phase.SYNCED) {
                synced++;
            }
        }
        if (!peer.config().isQuorum(synced)) {
            stepDown("Not sufficient followers synced: " + synced + " of " + peer.config().members().size());
            return;
        }
        forward(new LeaderMessage.Ping());
    }

    /**
     * A synced follower silent for syncLimit ticks, or one still in discovery or sync after
     * initLimit ticks, is cut loose by closing its connection, as ZooKeeper's learner
     * handler does when its socket read times out. It then no longer counts as synced nor
     * receives proposals, and if only its own direction was lost it hears the close and
     * rejoins through election.
     */
    private void dropSilentLearners() {
        long now = peer.process().now();
        long syncLimit = peer.config().syncLimit() * peer.config().tick();
        long initLimit = peer.config().initLimit() * peer.config().tick();
        for (Learner learner : List.copyOf(learners.values())) {
            long limit = learner.phase == Phase.SYNCED ? syncLimit : initLimit;
            if (now - learner.lastHeard > limit) {
                learners.remove(learner.sid);
                learner.connection.close();
            }
        }
    }
}

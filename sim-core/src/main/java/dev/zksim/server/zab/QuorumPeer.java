package dev.zksim.server.zab;

import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.disk.SnapshotSchedule;
import dev.zksim.kernel.net.Connection;
import dev.zksim.kernel.net.ConnectionHandler;
import dev.zksim.kernel.net.Network;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.kernel.trace.TraceEvent;
import dev.zksim.server.zab.ZabMessage.LeaderMessage;
import dev.zksim.server.zab.ZabMessage.LearnerMessage;
import dev.zksim.server.zab.ZabMessage.Notification;
import java.util.List;
import java.util.function.Function;

/**
 * One member of a Zab ensemble, owned by a server {@link dev.zksim.kernel.process.Node}
 * and rebuilt with it on every restart. It recovers from the process's disk, runs {@link
 * FastElection}, then a {@link LeaderRole} or {@link FollowerRole} for each term, and hands
 * committed txns to its {@link ZabApplication} in zxid order.
 *
 * <p>The server owns the process's one listening socket, so it routes accepted connections:
 * those whose remote end {@link #isPeerProcess is a member} go to {@link #accept}.
 *
 * <p>Txns a restarted peer finds in its log after its snapshot are not delivered at start,
 * because some may never have been committed; they are delivered once a leader confirms
 * them (UPTODATE, COMMIT), or by the peer itself when it is established as leader.
 */
public final class QuorumPeer {
    private final SimProcess process;
    private final Network network;
    private final ZabConfig config;
    private final ZabApplication app;
    private final ZabMonitor monitor;
    private final ZabStorage storage;
    private final FastElection election;
    private Role role = Role.LOOKING;
    private LeaderRole leader;
    private FollowerRole follower;
    private long leaderId = -1;
    private long lastDelivered;
    private final SnapshotSchedule snapshots;

    public QuorumPeer(SimProcess process, Network network, ZabConfig config, ZabApplication app, ZabMonitor monitor) {
        this.process = process;
        this.network = network;
        this.config = config;
        this.app = app;
        this.monitor = monitor;
        this.storage = new ZabStorage(process, config);
        this.election = new FastElection(this);
        this.snapshots = new SnapshotSchedule(config.snapshotEvery(), process.choices());
    }

    /** Recovers from disk and starts looking for a leader; call from the Node's start. */
    public void start() {
        storage.recover();
        var snapshot = storage.newestSnapshot();
        if (snapshot.isPresent()) {
            installSnapshot(snapshot.get().state(), snapshot.get().zxid());
        } else if (storage.base() != 0) {
            throw new IllegalStateException("log continues from " + Zxid.hex(storage.base()) + " but no snapshot is readable");
        } else {
            monitor.stateReset(myId(), 0);
        }
        trace(new ZabEvent.Recovered(Zxid.hex(lastDelivered), Zxid.hex(storage.lastZxid()), storage.acceptedEpoch(),
                storage.currentEpoch()));
        if (config.has(KnownBug.CREB_SNAPSHOT_EPOCH)) {
            refuseAnEpochOlderThanTheLog();
        }
        goLooking("started");
    }

    /**
     * ZooKeeper before ZOOKEEPER-2354's updatingEpoch file (QuorumPeer.loadDataBase): a
     * current epoch older than the epoch of the last zxid on disk is an IOException, and the
     * server does not start. A crash between the SNAP sync's snapshot and setCurrentEpoch
     * leaves exactly that state (the CREB study's crash-recovery bug).
     */
    private void refuseAnEpochOlderThanTheLog() {
        long epochOfZxid = Zxid.epoch(storage.lastZxid());
        if (epochOfZxid > storage.currentEpoch()) {
            throw SimulationFailure.liveness(process.now(), "peer " + myId() + " refuses to start: the current epoch, "
                    + storage.currentEpoch() + ", is older than the last zxid, " + Zxid.hex(storage.lastZxid()));
        }
    }

    /** True if a connection from this process belongs to Zab rather than to a client. */
    public boolean isPeerProcess(String processId) {
        return config.sidOf(processId) >= 0;
    }

    /** The handler for a connection a member opened to this peer (election or quorum). */
    public ConnectionHandler accept(Connection connection) {
        return new Inbound();
    }

    /** Proposes a txn; only an established leader may, and it returns the txn's zxid. */
    public long propose(Object payload) {
        if (leader == null) {
            throw new IllegalStateException("peer " + myId() + " is " + role + ", not an established leader");
        }
        return leader.propose(payload);
    }

    /** Follower side: sends an app message to the leader; false if not serving. */
    public boolean sendToLeader(Object message) {
        return follower != null && follower.send(new LearnerMessage.ToLeader(message));
    }

    /** Leader side: sends an app message to one synced follower; false if it is not one. */
    public boolean sendToLearner(long sid, Object message) {
        return leader != null && leader.sendTo(sid, new LeaderMessage.ToLearner(message));
    }

    /** Leader side: sends an app message to every follower that receives proposals. */
    public void broadcastToLearners(Object message) {
        if (leader != null && leader.isEstablished()) {
            leader.forward(new LeaderMessage.ToLearner(message));
        }
    }

    public long myId() {
        return config.myId();
    }

    public Role role() {
        return role;
    }

    /** True in the broadcast phase: an established leader, or a follower after UPTODATE. */
    public boolean isServing() {
        return (leader != null && leader.isEstablished()) || (follower != null && follower.isServing());
    }

    /** The sid of the leader this peer follows or is, -1 while LOOKING. */
    public long leaderId() {
        return leaderId;
    }

    public long currentEpoch() {
        return storage.currentEpoch();
    }

    public long acceptedEpoch() {
        return storage.acceptedEpoch();
    }

    /** The last zxid in the txn log, uncommitted proposals included (the election vote). */
    public long lastLoggedZxid() {
        return storage.lastZxid();
    }

    /** The last zxid delivered to the application. */
    public long lastCommittedZxid() {
        return lastDelivered;
    }

    /** The logged txns, committed or not, as a copy. */
    public List<LogEntry> loggedTxns() {
        return List.copyOf(storage.entries());
    }

    /** The current election round (logical clock). */
    public long electionRound() {
        return election.round();
    }

    // ---- used by the election and the roles ----

    SimProcess process() {
        return process;
    }

    Network network() {
        return network;
    }

    ZabConfig config() {
        return config;
    }

    ZabApplication app() {
        return app;
    }

    ZabMonitor monitor() {
        return monitor;
    }

    ZabStorage storage() {
        return storage;
    }

    void trace(TraceEvent event) {
        process.trace(event);
    }

    /**
     * Traces a per-transaction event (proposed, committed) only if something reads it; otherwise
     * only counts it, so a sweep's passing seeds do not render a zxid to hex for every write.
     */
    void traceZxid(long zxid, Class<? extends TraceEvent> type, Function<String, TraceEvent> event) {
        if (process.tracing()) {
            process.trace(event.apply(Zxid.hex(zxid)));
        } else {
            process.countOnly(type);
        }
    }

    Vote selfVote() {
        return new Vote(myId(), reportedZxid(), storage.currentEpoch());
    }

    /**
     * The zxid this peer reports in its vote and to a leader: its last logged zxid. ZooKeeper
     * reports its in-memory database's last processed zxid; the two agree except where
     * ZOOKEEPER-5094 leaves memory ahead of the log.
     */
    long reportedZxid() {
        return config.has(KnownBug.ZK_5094) ? Math.max(storage.lastZxid(), lastDelivered) : storage.lastZxid();
    }

    /**
     * Applies a committed txn to the application without logging it: ZooKeeper's learner
     * does this (zk.processTxn) for the committed txns of a TRUNC or SNAP sync before
     * NEWLEADER, whose snapshot then makes them durable.
     */
    void applyInMemory(LogEntry entry) {
        app.deliver(entry.zxid(), entry.payload());
        monitor.delivered(myId(), entry.zxid(), entry.payload());
        lastDelivered = entry.zxid();
    }

    void onElected(long leaderSid) {
        leaderId = leaderSid;
        if (leaderSid == myId()) {
            role = Role.LEADING;
            app.roleChanged(Role.LEADING, leaderSid);
            leader = new LeaderRole(this);
            leader.start();
        } else {
            role = Role.FOLLOWING;
            app.roleChanged(Role.FOLLOWING, leaderSid);
            follower = new FollowerRole(this, leaderSid);
            follower.start();
        }
    }

    /** The current term ended (step down, lost leader, timeout): back to election. */
    void roleFailed(String reason) {
        goLooking(reason);
    }

    private void goLooking(String reason) {
        if (leader != null) {
            leader.close();
            leader = null;
        }
        if (follower != null) {
            follower.close();
            follower = null;
        }
        role = Role.LOOKING;
        leaderId = -1;
        app.roleChanged(Role.LOOKING, -1);
        election.startLooking(selfVote(), reason);
    }

    void onServing(Role servingRole, long epoch) {
        election.epochEstablished(epoch);
        trace(new ZabEvent.Serving(servingRole, epoch, Zxid.hex(lastDelivered)));
        app.serving(servingRole, epoch);
    }

    /** Delivers every logged txn up to zxid that the application has not seen, in order. */
    void deliverUpTo(long zxid) {
        if (zxid <= lastDelivered) {
            return;
        }
        if (!storage.holds(zxid)) {
            throw new IllegalStateException("asked to deliver " + Zxid.hex(zxid) + " which is not logged");
        }
        List<LogEntry> entries = storage.entries();
        int from = storage.indexAfter(lastDelivered);
        int to = storage.indexAfter(zxid);
        for (LogEntry entry : List.copyOf(entries.subList(from, to))) {
            app.deliver(entry.zxid(), entry.payload());
            monitor.delivered(myId(), entry.zxid(), entry.payload());
            lastDelivered = entry.zxid();
            if (snapshots.countTxn()) {
                takeSnapshot();
            }
        }
    }

    /**
     * Appends a follower's txn to the log, after telling the monitor, which checks that the log
     * file stays in zxid order (a SyncThread left running into a later epoch can break that).
     */
    void logAppend(LogEntry entry) {
        monitor.logAppend(myId(), entry.zxid(), storage.lastWrittenZxid());
        storage.append(entry);
    }

    /** The write of a SyncThread that outlived its follower (ZOOKEEPER-4712), checked the same way. */
    void logWriteBehindMemory(LogEntry entry) {
        monitor.logAppend(myId(), entry.zxid(), storage.lastWrittenZxid());
        storage.writeBehindMemory(entry);
    }

    private void takeSnapshot() {
        storage.writeSnapshot(lastDelivered, app.takeSnapshot());
        trace(new ZabEvent.SnapshotTaken(Zxid.hex(lastDelivered)));
    }

    void installSnapshot(Object snapshot, long zxid) {
        app.installSnapshot(snapshot, zxid);
        monitor.stateReset(myId(), zxid);
        lastDelivered = zxid;
        snapshots.reset();
    }

    /** Every connection a member opened to this peer: election and quorum traffic. */
    private final class Inbound implements ConnectionHandler {
        @Override
        public void onMessage(Connection connection, Object message) {
            if (!(message instanceof ZabMessage zab)) {
                return;
            }
            switch (zab) {
                case Notification n -> election.onNotification(connection, n);
                case LearnerMessage m -> {
                    if (leader != null) {
                        leader.onMessage(connection, m);
                    } else {
                        connection.close();
                    }
                }
                case LeaderMessage m -> connection.close();
            }
        }

        @Override
        public void onClosed(Connection connection, String reason) {
            election.onIncomingClosed(connection);
            if (leader != null) {
                leader.onClosed(connection);
            }
        }
    }
}

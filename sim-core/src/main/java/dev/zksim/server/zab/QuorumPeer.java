package dev.zksim.server.zab;

import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.disk.SnapshotSchedule;
import dev.zksim.kernel.net.Connection;
import dev.zksim.kernel.net.ConnectionHandler;
import dev.zksim.kernel.net.Network;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.kernel.trace.EventKey;
import dev.zksim.kernel.trace.TraceEvent;
import dev.zksim.server.zab.ZabMessage.LeaderMessage;
import dev.zksim.server.zab.ZabMessage.LearnerMessage;
import dev.zksim.server.zab.ZabMessage.Notification;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
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
 *
 * <p>With ZOOKEEPER-2845 re-introduced the peer has ZooKeeper's in-memory database grain
 * instead: at start it replays every logged txn into memory, committed or not
 * ({@code ZKDatabase.loadDataBase}), a TRUNC reloads memory from the cut log
 * ({@code ZKDatabase.truncateLog}), and across an election it keeps its database as it is,
 * reporting the database's last zxid rather than the log's (see {@link #lastProcessedZxid}).
 *
 * <p>As leader it syncs followers from its {@link CommittedLog} and its log around it, as
 * ZooKeeper's LearnerHandler does; the committedLog is fed by the log's playback at start and at
 * the end of a term and by every delivered txn, except, with ZOOKEEPER-4925 re-introduced, the
 * txns a follower applies during SYNC.
 */
public final class QuorumPeer {
    /**
     * How long after exiting on a failed snapshot write the server is started again, as its
     * service manager would restart it (ZooKeeper's scripts do not; systemd or Kubernetes do).
     */
    static final long RESTART_AFTER_EXIT = Time.seconds(1);
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
    /**
     * The last zxid applied to the in-memory database. It is lastDelivered except with
     * ZOOKEEPER-2845's grain, where the start replays logged txns before any leader confirms
     * them: deliveries then only confirm txns up to it, and apply the ones after it.
     */
    private long applied;
    /**
     * ZOOKEEPER-2845: logged txns the in-memory database does not hold and will not apply
     * (until a restart replays the log), because the peer synced or led from a database
     * behind its log. Always empty without the flag.
     */
    private final Set<Long> outOfMemory = new TreeSet<>();
    /**
     * What this peer, as leader, syncs followers from before its log (ZKDatabase.committedLog),
     * or null. Only a flag can make it differ from the log (ZOOKEEPER-4925's holes, the txns
     * ZOOKEEPER-2845 leaves out of memory); without one it would copy every delivered zxid to
     * say what the log says.
     */
    private final CommittedLog committedLog;
    private final SnapshotSchedule snapshots;
    /** The application state at a start without a snapshot: what a reload without one goes back to. */
    private Object initialState;

    public QuorumPeer(SimProcess process, Network network, ZabConfig config, ZabApplication app, ZabMonitor monitor) {
        this.process = process;
        this.network = network;
        this.config = config;
        this.app = app;
        this.monitor = monitor;
        this.storage = new ZabStorage(process, config);
        this.election = new FastElection(this);
        this.snapshots = new SnapshotSchedule(config.snapshotEvery(), process.choices());
        storage.onWriteFailure(this::onWriteFailure);
        this.committedLog = config.has(KnownBug.ZK_4925) || config.has(KnownBug.ZK_2845)
                ? new CommittedLog(config.committedLogWindow(), !config.has(KnownBug.ZK_4925)) : null;
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
            initialState = app.takeSnapshot();
            monitor.stateReset(myId(), 0);
        }
        feedCommittedLog(lastDelivered, storage.lastZxid());
        if (config.has(KnownBug.ZK_2845)) {
            loadDataBase();
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

    /**
     * ZKDatabase.loadDataBase: every logged txn after the snapshot goes into memory, committed
     * or not. The Zab monitor hears of them only when a leader confirms them (deliverUpTo),
     * since until then a TRUNC may still take them back.
     */
    private void loadDataBase() {
        replayLogUpTo(storage.lastZxid());
    }

    /**
     * The playback of ZKDatabase.loadDataBase and fastForwardDataBase adds every logged txn it
     * reads after the database's zxid to the committedLog, committed or not.
     */
    private void feedCommittedLog(long after, long upTo) {
        if (committedLog == null) {
            return;
        }
        for (LogEntry entry : storage.entriesAfter(after)) {
            if (entry.zxid() > upTo) {
                return;
            }
            committedLog.add(entry.zxid());
        }
    }

    private void replayLogUpTo(long zxid) {
        for (LogEntry entry : storage.entriesAfter(applied)) {
            if (entry.zxid() > zxid) {
                return;
            }
            app.deliver(entry.zxid(), entry.payload());
            applied = entry.zxid();
        }
    }

    /**
     * After a TRUNC to zxid: ZooKeeper's Learner calls ZKDatabase.truncateLog, which clears the
     * database and loads it again from the snapshot and the cut log, so the committedLog is
     * rebuilt from them. With ZOOKEEPER-2845's grain memory is rebuilt too: a database that ran
     * ahead of the cut point goes back to it, and logged txns it had left out come back into
     * it. Without the flag memory never runs ahead of delivery, which a TRUNC never cuts.
     */
    void truncatedTo(long zxid) {
        var snapshot = storage.newestSnapshot();
        clearCommittedLog();
        feedCommittedLog(snapshot.isPresent() ? snapshot.get().zxid() : storage.base(), zxid);
        if (!config.has(KnownBug.ZK_2845) || (applied <= zxid && outOfMemory.isEmpty())) {
            return;
        }
        app.installSnapshot(snapshot.isPresent() ? snapshot.get().state() : initialState, 0);
        applied = snapshot.isPresent() ? snapshot.get().zxid() : 0;
        outOfMemory.clear();
        replayLogUpTo(zxid);
    }

    /**
     * The zxid this peer reports in its vote, to a leader (ACKEPOCH) and in the leader's
     * "is a follower more recent" test: ZooKeeper's lastProcessedZxid of the in-memory
     * database. Since ZOOKEEPER-2845's fix a peer leaving a term fast-forwards its database
     * over the whole log (ZKDatabase.fastForwardDataBase in ZooKeeperServer.shutdown), so this
     * is the last logged zxid; with the flag the database is kept as it was, and this is the
     * last zxid it applied. ZOOKEEPER-5094 leaves memory ahead of the log, and then memory's
     * zxid is reported.
     */
    long lastProcessedZxid() {
        if (config.has(KnownBug.ZK_2845)) {
            return applied;
        }
        return config.has(KnownBug.ZK_5094) ? Math.max(storage.lastZxid(), lastDelivered) : storage.lastZxid();
    }

    /**
     * ZOOKEEPER-2845, a follower's DIFF from its database's zxid: the logged txns past that
     * zxid which the leader's DIFF does not carry stay in the log but not in memory
     * (ZooKeeper applies a DIFF from its packets, not from the log). Of the DIFF, txns
     * already logged are not written again; the ones below the log's end are inserted
     * ({@link ZabStorage#insert}); the rest are returned, for the caller to append.
     */
    List<LogEntry> diffOverDatabase(List<LogEntry> diff) {
        Set<Long> sent = new TreeSet<>();
        diff.forEach(entry -> sent.add(entry.zxid()));
        // A txn an earlier term left out comes into memory when this leader's DIFF carries it.
        outOfMemory.removeAll(sent);
        for (LogEntry logged : storage.entriesAfter(applied)) {
            if (!sent.contains(logged.zxid())) {
                outOfMemory.add(logged.zxid());
            }
        }
        long logEnd = storage.lastZxid();
        for (LogEntry entry : diff) {
            if (entry.zxid() < logEnd && !storage.holds(entry.zxid())) {
                storage.insert(entry);
            }
        }
        return diff.stream().filter(entry -> entry.zxid() > logEnd).toList();
    }

    /**
     * The leader's history as it syncs followers from it (LearnerHandler.syncFollower): its
     * committedLog, its txn log below and above it. That is its log, less the txns its
     * in-memory database left out (ZOOKEEPER-2845) and the holes in its committedLog
     * (ZOOKEEPER-4925); without the flags there are none, and it is the log.
     */
    List<LogEntry> history() {
        if (outOfMemory.isEmpty() && !committedLogHasHoles()) {
            return storage.entries();
        }
        return storage.entries().stream()
                .filter(entry -> !outOfMemory.contains(entry.zxid()) && !committedLog.skips(entry.zxid()))
                .toList();
    }

    /** How this peer, as leader, syncs a follower at followerZxid: {@link SyncPlanner} over its history. */
    SyncPlanner.Plan syncPlan(long followerZxid) {
        int window = config.committedLogWindow();
        if (committedLogHasHoles()) {
            return SyncPlanner.planOverHoles(history(), storage.base(), lastProcessedZxid(), followerZxid, window);
        }
        return SyncPlanner.plan(history(), storage.base(), followerZxid, window);
    }

    /** True if fewer txns are in the committedLog than the log holds between its ends. */
    private boolean committedLogHasHoles() {
        if (committedLog == null || committedLog.isEmpty()) {
            return false;
        }
        int logged = storage.indexAfter(committedLog.max()) - storage.indexAfter(committedLog.min() - 1);
        return logged != committedLog.size();
    }

    /** The leader's history after zxid, as {@link #history()}. */
    List<LogEntry> historyAfter(long zxid) {
        if (outOfMemory.isEmpty() && !committedLogHasHoles()) {
            return storage.entriesAfter(zxid);
        }
        return history().stream().filter(entry -> entry.zxid() > zxid).toList();
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

    /**
     * Whether the connections of this term that heartbeats travel on are sound: a follower's to
     * its leader, a leader's to each of its learners. One that a partition cut silently would
     * drop the next ping, and the follower would give up on its leader.
     */
    public boolean quorumLinksSound() {
        return switch (role) {
            case LOOKING -> false;
            case FOLLOWING -> follower != null && follower.linkSound();
            case LEADING -> leader != null && leader.linksSound();
        };
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
    void traceZxid(long zxid, EventKey key, Function<String, TraceEvent> event) {
        if (process.tracing()) {
            process.trace(event.apply(Zxid.hex(zxid)));
        } else {
            process.countOnly(key);
        }
    }

    Vote selfVote() {
        return new Vote(myId(), lastProcessedZxid(), storage.currentEpoch());
    }

    /**
     * Applies a committed txn to the application without logging it: ZooKeeper's learner
     * does this (zk.processTxn) for the committed txns of a TRUNC or SNAP sync before
     * NEWLEADER, whose snapshot then makes them durable (ZOOKEEPER-5094's grain).
     */
    void applyInMemory(LogEntry entry) {
        app.deliver(entry.zxid(), entry.payload());
        monitor.delivered(myId(), entry.zxid(), entry.payload());
        lastDelivered = entry.zxid();
        applied = entry.zxid();
        if (!config.has(KnownBug.ZK_4925)) {
            addToCommittedLog(entry.zxid());
        }
    }

    void onElected(long leaderSid) {
        leaderId = leaderSid;
        if (leaderSid == myId()) {
            if (config.has(KnownBug.ZK_2845)) {
                leaveLoggedTxnsOutOfMemory();
            }
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

    /**
     * ZOOKEEPER-2845, a peer elected leader with a database behind its log: ZooKeeper's leader
     * syncs from its in-memory database (committedLog), so the logged txns past it are
     * proposed to nobody and never applied, though they stay in its log.
     */
    private void leaveLoggedTxnsOutOfMemory() {
        for (LogEntry logged : storage.entriesAfter(applied)) {
            outOfMemory.add(logged.zxid());
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
        if (!config.has(KnownBug.ZK_2845)) {
            // ZooKeeperServer.shutdown's fastForwardDataBase (ZOOKEEPER-2845's fix): the logged
            // txns the database had not applied are played back, into the committedLog too.
            feedCommittedLog(lastDelivered, storage.lastZxid());
        }
        role = Role.LOOKING;
        leaderId = -1;
        app.roleChanged(Role.LOOKING, -1);
        if (storage.logFailed()) {
            settleAfterLogFailure();
        }
        election.startLooking(selfVote(), reason);
    }

    /**
     * A txn log fsync failed (the SyncThread died) or a snapshot write failed. The latter
     * exits the process. The former is noticed by a role at its next step; a LOOKING peer
     * has none, so it settles at once, as the old term's shutdown would have.
     */
    private void onWriteFailure() {
        if (storage.exiting()) {
            process.schedule(0, process::crash);
            process.simulation().schedule(RESTART_AFTER_EXIT, () -> {
                if (!process.isUp()) {
                    process.start();
                }
            });
        } else if (role == Role.LOOKING) {
            settleAfterLogFailure();
        }
    }

    /**
     * The term that lost its SyncThread ended (ZooKeeperServer.shutdown(false)). 3.9.5 keeps
     * its in-memory database for the next term (fastForwardDataBase replays the log on top):
     * the txns it applied though their log write failed stay in memory only, its vote and the
     * next sync start after them, and the log keeps a hole that a restart exposes
     * (ZOOKEEPER-4882, re-introduced by the flag). The model's default is the fix of PR
     * apache/zookeeper#2268 (not in 3.9.5): memory ahead of the disk is cleared and reloaded
     * from the snapshot and the log, so the next sync fills the hole.
     */
    private void settleAfterLogFailure() {
        storage.restartLogging();
        long memory = lastDelivered;
        if (config.has(KnownBug.ZK_4882)) {
            storage.forgetUnloggedAfter(memory);
            trace(new ZabEvent.AfterLogFailure("memory kept", Zxid.hex(memory), Zxid.hex(storage.lastDurableZxid())));
            return;
        }
        storage.recover();
        var snapshot = storage.newestSnapshot();
        long disk = Math.max(storage.lastZxid(), snapshot.map(ZabStorage.SnapshotFile::zxid).orElse(0L));
        if (memory <= disk) {
            trace(new ZabEvent.AfterLogFailure("memory kept", Zxid.hex(memory), Zxid.hex(disk)));
            return;
        }
        if (snapshot.isPresent()) {
            installSnapshot(snapshot.get().state(), snapshot.get().zxid());
        } else {
            installSnapshot(initialState, 0);
        }
        trace(new ZabEvent.AfterLogFailure("memory ahead of disk: reloaded", Zxid.hex(memory), Zxid.hex(disk)));
    }

    void onServing(Role servingRole, long epoch) {
        election.epochEstablished(epoch);
        trace(new ZabEvent.Serving(servingRole, epoch, Zxid.hex(lastDelivered)));
        app.serving(servingRole, epoch);
    }

    /** Delivers every logged txn up to zxid that the application has not seen, in order. */
    void deliverUpTo(long zxid) {
        deliver(zxid, true);
    }

    /**
     * Delivers the txns a leader synced to this follower and committed before NEWLEADER,
     * which the Learner applies during SYNC. With ZOOKEEPER-4925 re-introduced it applies them
     * with ZooKeeperServer.processTxn(hdr, txn), which does not add them to the committedLog.
     */
    void deliverAppliedDuringSync(long zxid) {
        deliver(zxid, !config.has(KnownBug.ZK_4925));
    }

    private void deliver(long zxid, boolean toCommittedLog) {
        if (zxid <= lastDelivered) {
            return;
        }
        if (!storage.holds(zxid)) {
            throw new IllegalStateException("asked to deliver " + Zxid.hex(zxid) + " which is not logged");
        }
        List<LogEntry> entries = storage.entries();
        int from = storage.indexAfter(lastDelivered);
        int to = storage.indexAfter(zxid);
        if (to - from == 1) {
            // Nearly every commit delivers one txn: taken out of the log before it is
            // delivered, it needs no copy to be safe from what the delivery does to the log.
            deliverEntry(entries.get(from), toCommittedLog);
            return;
        }
        for (LogEntry entry : List.copyOf(entries.subList(from, to))) {
            deliverEntry(entry, toCommittedLog);
        }
    }

    private void deliverEntry(LogEntry entry, boolean toCommittedLog) {
        if (!outOfMemory.isEmpty() && outOfMemory.contains(entry.zxid())) {
            return;
        }
        boolean fresh = entry.zxid() > applied;
        if (fresh) {
            app.deliver(entry.zxid(), entry.payload());
            applied = entry.zxid();
        }
        monitor.delivered(myId(), entry.zxid(), entry.payload());
        lastDelivered = entry.zxid();
        if (toCommittedLog) {
            addToCommittedLog(entry.zxid());
        }
        // A snapshot is labelled lastDelivered, so it is taken only when memory is exactly there.
        if (fresh && snapshots.countTxn()) {
            takeSnapshot();
        }
    }

    /**
     * Appends a follower's txn to the log, after telling the monitor, which checks that the log
     * file stays in zxid order (a SyncThread left running into a later epoch can break that).
     * The monitor hears only of records that reach the file: a peer whose SyncThread died, or
     * that is exiting after a failed snapshot write, keeps the txn in memory alone. After a SNAP
     * whose snapshot failed, such a file still ends with the old epoch's records while the
     * memory starts again below them, and nothing is written after them.
     */
    void logAppend(LogEntry entry) {
        if (storage.writable()) {
            monitor.logAppend(myId(), entry.zxid(), storage.lastWrittenZxid());
        }
        storage.append(entry);
    }

    /** The write of a SyncThread that outlived its follower (ZOOKEEPER-4712), checked the same way. */
    void logWriteBehindMemory(LogEntry entry) {
        monitor.logAppend(myId(), entry.zxid(), storage.lastWrittenZxid());
        storage.writeBehindMemory(entry);
    }

    private void takeSnapshot() {
        Object state = config.has(KnownBug.ZK_3144) ? app.takeSnapshotRacingTheSessionTracker() : app.takeSnapshot();
        storage.writeSnapshot(lastDelivered, state);
        if (!storage.exiting()) {
            trace(new ZabEvent.SnapshotTaken(Zxid.hex(lastDelivered)));
        }
    }

    void installSnapshot(Object snapshot, long zxid) {
        app.installSnapshot(snapshot, zxid);
        monitor.stateReset(myId(), zxid);
        lastDelivered = zxid;
        applied = zxid;
        outOfMemory.clear();
        clearCommittedLog();
        snapshots.reset();
    }

    /** ZKDatabase.addCommittedProposal, where a flag keeps a committedLog apart from the log. */
    private void addToCommittedLog(long zxid) {
        if (committedLog != null) {
            committedLog.add(zxid);
        }
    }

    /** ZKDatabase.clear's part for the committedLog, where one is kept. */
    private void clearCommittedLog() {
        if (committedLog != null) {
            committedLog.clear();
        }
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

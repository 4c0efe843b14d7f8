package dev.zksim.ensemble;

import dev.zksim.client.RequestMatch;
import dev.zksim.client.SimZooKeeper;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.kernel.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Every fault the simulated ensemble can suffer, callable at any simulated time: process
 * crashes, restarts and pauses; symmetric and one-way partitions and heal; the leader
 * isolated or killed; a session expired as the leader would; a reply lost after the server
 * applied the request; a lagging follower; a delay spike on a link; write errors on a
 * server's disk. Each fault is traced.
 */
public final class EnsembleFaults {
    private final Ensemble ensemble;
    /** When the last fault that touched a server, or the network between servers, ended (or will end). */
    private long disturbedUntil;
    /** A partition or an isolation is in place (until the next heal). */
    private boolean networkCut;
    /** The servers whose disks fail their writes now: each leaves its term until the error ends. */
    private final Set<String> failingDisks = new TreeSet<>();

    /** A fault as it appears in the trace. */
    public record Injected(String fault, String outcome) implements TraceEvent {
    }

    EnsembleFaults(Ensemble ensemble) {
        this.ensemble = ensemble;
    }

    /** Crashes a server or client process; it loses what its disk did not fsync. */
    public void crash(String id) {
        disturbedIfServer(id);
        SimProcess process = process(id);
        record("crash " + id, process.isUp() ? "crashed" : "already down");
        process.crash();
    }

    /** Restarts a crashed process from what its disk kept; a client starts a new session. */
    public void restart(String id) {
        disturbedIfServer(id);
        SimProcess process = process(id);
        boolean down = !process.isUp();
        record("restart " + id, down ? "restarted" : "already up");
        if (down) {
            process.start();
        }
    }

    public void pause(String id) {
        disturbedIfServer(id);
        record("pause " + id, "paused");
        process(id).pause();
    }

    public void resume(String id) {
        disturbedIfServer(id);
        record("resume " + id, "resumed");
        process(id).resume();
    }

    /** Cuts every pair of processes that are in different groups. */
    public void partition(List<List<String>> groups) {
        cut();
        record("partition " + groups, "applied");
        for (int i = 0; i < groups.size(); i++) {
            for (int j = i + 1; j < groups.size(); j++) {
                ensemble.network().partition(groups.get(i), groups.get(j));
            }
        }
    }

    public void partitionOneWay(List<String> from, List<String> to) {
        cut();
        record("partition " + from + " -> " + to, "applied");
        ensemble.network().partitionOneWay(from, to);
    }

    public void isolate(String id) {
        cut();
        record("isolate " + id, "applied");
        ensemble.network().isolate(id);
    }

    /** Heals the network, ends the request loss, and ends every disk error that has no end of its own. */
    public void heal() {
        networkCut = false;
        disturbed(0);
        record("heal", "applied");
        ensemble.network().heal();
        for (String id : ensemble.serverIds()) {
            ensemble.serverProcess(id).disk().setFailingWrites(false);
        }
    }

    /**
     * Until the next heal, every client request is lost, or its reply lost, with this chance
     * in a million, each drawn on its own as the client sends it.
     */
    public void requestLoss(int perMillion) {
        record("request-loss " + perMillion + " per million", "applied");
        ensemble.network().requestLoss(perMillion);
    }

    /** Cuts the current leader off from everyone; false if there is no leader. */
    public boolean isolateLeader() {
        return ensemble.leader().map(leader -> {
            isolate(leader);
            return true;
        }).orElseGet(() -> noLeader("isolate leader"));
    }

    /** Crashes the current leader; false if there is no leader. */
    public boolean killLeader() {
        return ensemble.leader().map(leader -> {
            crash(leader);
            return true;
        }).orElseGet(() -> noLeader("kill leader"));
    }

    /** Expires the client's session as the leader would; false if that is not possible now. */
    public boolean expireSession(String clientId) {
        long session = ensemble.client(clientId).sessionId();
        boolean expired = session != 0 && ensemble.leader()
                .flatMap(ensemble::server)
                .map(server -> server.faults().expireSession(session))
                .orElse(false);
        record("expire " + clientId, expired ? "expiring session 0x" + Long.toHexString(session) : "no live session or leader");
        return expired;
    }

    /**
     * Arms the delay-close fault for the client's current session on every server that is
     * up: whichever of them leads when the session expires submits its closeSession that much
     * later, while the session is already closing (reference 4.4). For that long the client
     * can hear Expired, open a new session, and still see its old session's ephemerals.
     * False if the client has no session.
     */
    public boolean delayClose(String clientId, long delay) {
        long session = ensemble.client(clientId).sessionId();
        List<String> servers = session == 0 ? List.of() : liveServers();
        for (String serverId : servers) {
            ensemble.server(serverId).ifPresent(server -> server.faults().delayClose(session, delay));
        }
        boolean armed = !servers.isEmpty();
        record("delay-close " + clientId + " by " + delay + "us",
                armed ? "armed for session 0x" + Long.toHexString(session) : "no session or no server up");
        return armed;
    }

    /**
     * Wakes every thread of the client that waits in {@code Object.wait}, without a notify:
     * the JVM allows such a spurious wake-up, so code must wait in a loop that checks its
     * condition. With none waiting, the client's next wait ends at once. False if no thread
     * of the client was waiting.
     */
    public boolean spuriousWakeup(String clientId) {
        int woken = ensemble.client(clientId).spuriousWakeup();
        String outcome = switch (Integer.signum(woken)) {
            case 1 -> "woke " + woken + " from wait()";
            case 0 -> "no thread in wait(): the next wait() ends at once";
            default -> "no threads of code under the agent";
        };
        record("spurious-wakeup " + clientId, outcome);
        return woken > 0;
    }

    /**
     * Loses the reply to the client's next request after its server applied it: the
     * connection resets first, so the client sees ConnectionLoss for a request that took
     * effect. False if the client has no connected server now.
     */
    public boolean dropReply(String clientId) {
        EnsembleClient client = ensemble.client(clientId);
        String serverId = client.zk() == null ? null : client.zk().currentServer();
        boolean armed = serverId != null && ensemble.server(serverId)
                .map(server -> server.faults().dropNextReplyTo(client.sessionId()))
                .orElse(false);
        record("drop-reply " + clientId, armed ? "armed on " + serverId : "client not connected");
        return armed;
    }

    /**
     * Loses the client's next request that matches before any server sees it: the
     * connection resets, the client sees ConnectionLoss, and nothing was applied. The fault
     * waits in the client, across reconnects, until such a request is sent. False if the
     * client has no open handle.
     */
    public boolean loseRequest(String clientId, RequestMatch match) {
        SimZooKeeper zk = ensemble.client(clientId).zk();
        boolean armed = zk != null && ensemble.client(clientId).process().isUp() && zk.loseRequest(match);
        record("lose-request " + clientId + match, armed ? "armed" : "client has no open handle");
        return armed;
    }

    /**
     * Loses the reply to the client's next request that matches, after its server applied
     * it: ConnectionLoss for a request that took effect. Unlike {@link #dropReply(String)},
     * the fault waits in the client until such a request is sent. False if the client has no
     * open handle.
     */
    public boolean dropReply(String clientId, RequestMatch match) {
        SimZooKeeper zk = ensemble.client(clientId).zk();
        boolean armed = zk != null && ensemble.client(clientId).process().isUp() && zk.dropReply(match);
        record("drop-reply " + clientId + match, armed ? "armed" : "client has no open handle");
        return armed;
    }

    /**
     * Makes a follower apply commits late for a while: it still acknowledges proposals, so
     * the quorum is unaffected, but reads served by it are stale. False for a server that
     * is not a serving follower (a standalone server has none).
     */
    public boolean lag(String serverId, long duration) {
        disturbed(duration);
        boolean lagging = ensemble.server(serverId).map(server -> server.faults().lagFor(duration)).orElse(false);
        record("lag " + serverId + " for " + duration + "us", lagging ? "lagging" : "not a serving follower");
        return lagging;
    }

    /**
     * Starts transient write errors on a server's disk, until {@link #diskRecovered} or the
     * next heal: every txn log fsync and snapshot write fails with an IOException. ZooKeeper
     * 3.9.5 then loses its SyncRequestProcessor (the peer leaves its term and rejoins) or, on
     * a snapshot, exits (the model starts it again a second later, as a service manager
     * would). The error belongs to the disk, so it outlives a crash of the server. A
     * standalone server's log and snapshots do not model write errors: there the fault is
     * recorded as having no effect.
     */
    public void diskError(String serverId) {
        failingDisks.add(serverId);
        disturbed(0);
        boolean standalone = ensemble.serverIds().size() == 1;
        record("disk-error " + serverId, standalone ? "no effect: disk errors are modelled on quorum servers only"
                : "writes fail");
        ensemble.serverProcess(serverId).disk().setFailingWrites(!standalone);
    }

    /** Ends the disk errors of a server: its writes succeed again. */
    public void diskRecovered(String serverId) {
        failingDisks.remove(serverId);
        disturbed(0);
        record("disk-error " + serverId + " ends", "writes succeed");
        ensemble.serverProcess(serverId).disk().setFailingWrites(false);
    }

    /** Adds extra delay to the link between two processes for a while. */
    public void clog(String a, String b, long extraDelay, long duration) {
        disturbed(duration);
        record("clog " + a + "," + b, "applied");
        ensemble.network().clog(a, b, extraDelay, duration);
    }

    /** The servers that are up, in id order. */
    public List<String> liveServers() {
        List<String> live = new ArrayList<>();
        for (String id : ensemble.serverIds()) {
            if (ensemble.serverProcess(id).isUp()) {
                live.add(id);
            }
        }
        return live;
    }

    /**
     * True when no fault has touched a server or the network between servers for this long,
     * and no partition nor disk error is in place: ZooKeeper must then have elected a leader, if a quorum
     * of servers is running.
     */
    public boolean serversUndisturbedFor(long span) {
        return !networkCut && failingDisks.isEmpty() && ensemble.simulation().now() - disturbedUntil >= span;
    }

    private void disturbedIfServer(String id) {
        if (id.startsWith("s")) {
            disturbed(0);
        }
    }

    private void disturbed(long duration) {
        disturbedUntil = Math.max(disturbedUntil, ensemble.simulation().now() + duration);
    }

    private void cut() {
        networkCut = true;
        disturbed(0);
    }

    /** Records a planned fault that could not strike, such as "crash leader" during an election. */
    public void skipped(String why) {
        record("skipped", why);
    }

    private SimProcess process(String id) {
        return id.startsWith("s") ? ensemble.serverProcess(id) : ensemble.client(id).process();
    }

    private boolean noLeader(String fault) {
        record(fault, "no leader");
        return false;
    }

    private void record(String fault, String outcome) {
        ensemble.simulation().trace().emit("nemesis", new Injected(fault, outcome));
    }
}

package dev.zksim.ensemble;

import dev.zksim.kernel.process.SimProcess;
import dev.zksim.server.ServerRole;
import dev.zksim.server.ZkServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Whether an ensemble has gone idle for good: nothing is pending but heartbeats, and the
 * ensemble is settled so that every heartbeat will be answered. From such a state a run only
 * repeats pings, touches and checks until it is stopped, which is what lets a run end early
 * without changing its verdict.
 *
 * <p>Settled means: no partition, loss or clog is in force; every client is down or has every
 * handle closed or connected on a sound connection with nothing outstanding; every server
 * runs and holds nothing back, the servers serve one term under one leader (or the one
 * standalone server serves) on sound links (see {@link dev.zksim.kernel.net.Connection#isSound()}),
 * every replica has applied the same last transaction, and no request waits in any server's
 * processor; and every session a server tracks belongs to such a connected handle, so that no
 * session can expire. Anything else (an election, a restart, a proposal or a request in
 * flight, a client's own timer, a simulated thread's timed wait, a nemesis step) is pending
 * work and not a heartbeat.
 *
 * <p>The cheap tests come first: a run that waits for a dead client's session to expire has
 * only heartbeats pending for a whole session timeout, and is looked at ten times a second.
 */
final class Quiescence {
    private Quiescence() {
    }

    static boolean reached(Ensemble ensemble) {
        if (!ensemble.simulation().onlyHeartbeatsPending() || !ensemble.network().isHealed()) {
            return false;
        }
        Set<Long> alive = new TreeSet<>();
        for (EnsembleClient client : ensemble.clientsInOrder()) {
            if (!client.settles(alive)) {
                return false;
            }
        }
        List<ZkServer> servers = new ArrayList<>();
        for (String id : ensemble.serverIds()) {
            SimProcess process = ensemble.serverProcess(id);
            ZkServer server = ensemble.server(id).orElse(null);
            if (server == null || !settles(process, server, alive)) {
                return false;
            }
            servers.add(server);
        }
        return inOneTerm(servers);
    }

    /** A server runs, holds nothing back, serves on sound links with nothing queued, and tracks only live sessions. */
    private static boolean settles(SimProcess process, ZkServer server, Set<Long> alive) {
        return process.state() == SimProcess.State.RUNNING && process.holdsNothing() && server.isServing()
                && server.peerLinksSound() && server.introspection().pendingRequests() == 0
                && server.tracksOnly(alive::contains);
    }

    /** One leader (or one standalone server), every server in its epoch and at the same last applied zxid. */
    private static boolean inOneTerm(List<ZkServer> servers) {
        ZkServer first = servers.get(0);
        int leaders = 0;
        for (ZkServer server : servers) {
            leaders += server.role() == ServerRole.LEADING ? 1 : 0;
            if (server.currentEpoch() != first.currentEpoch() || server.lastProcessedZxid() != first.lastProcessedZxid()) {
                return false;
            }
        }
        boolean standalone = servers.size() == 1 && first.role() == ServerRole.STANDALONE;
        return standalone || leaders == 1;
    }
}

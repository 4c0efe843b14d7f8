package dev.zksim.ensemble;

import dev.zksim.kernel.process.SimProcess;
import dev.zksim.server.ServerRole;
import dev.zksim.server.ZkServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
        Optional<List<ZkServer>> servers = serversInStep(ensemble);
        if (servers.isEmpty()) {
            return false;
        }
        for (ZkServer server : servers.get()) {
            if (!server.tracksOnly(alive::contains)) {
                return false;
            }
        }
        return true;
    }

    /** The running servers if all of them serve one term in step with nothing queued; empty otherwise. */
    private static Optional<List<ZkServer>> serversInStep(Ensemble ensemble) {
        List<ZkServer> running = new ArrayList<>();
        for (String id : ensemble.serverIds()) {
            SimProcess process = ensemble.serverProcess(id);
            Optional<ZkServer> server = ensemble.server(id);
            if (process.state() != SimProcess.State.RUNNING || !process.holdsNothing() || server.isEmpty()
                    || !server.get().isServing() || !server.get().peerLinksSound()
                    || server.get().introspection().pendingRequests() > 0) {
                return Optional.empty();
            }
            running.add(server.get());
        }
        return inOneTerm(running) ? Optional.of(running) : Optional.empty();
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

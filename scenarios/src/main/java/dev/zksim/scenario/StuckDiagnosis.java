package dev.zksim.scenario;

import dev.zksim.api.Stat;
import dev.zksim.client.SimZooKeeper;
import dev.zksim.client.watch.WatchPaths;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleClient;
import dev.zksim.history.Op;
import dev.zksim.server.ZkServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Says why a client is stuck at the end of a run: its connection, the znodes it watches, and
 * for each the node's owner session and whether that session is still alive on the leader. A
 * waiter stuck behind the node of a client that is gone, or whose session expired without the
 * node going away, is then visible in one line instead of in the trace.
 */
final class StuckDiagnosis {

    private StuckDiagnosis() {
    }

    /** One sentence for each client, about the ensemble as it is now. */
    static String describe(Ensemble ensemble, List<String> clients) {
        Optional<ZkServer> server = referenceServer(ensemble);
        List<String> sentences = new ArrayList<>();
        for (String id : clients) {
            if (ensemble.clientIds().contains(id)) {
                sentences.add(describe(ensemble, ensemble.client(id), server));
            }
        }
        return String.join("; ", sentences);
    }

    /** The leader's view, or any running server's when there is no leader. */
    private static Optional<ZkServer> referenceServer(Ensemble ensemble) {
        Optional<ZkServer> leader = ensemble.leader().flatMap(ensemble::server);
        if (leader.isPresent()) {
            return leader;
        }
        return ensemble.serverIds().stream().map(ensemble::server).flatMap(Optional::stream).findFirst();
    }

    private static String describe(Ensemble ensemble, EnsembleClient client, Optional<ZkServer> server) {
        SimZooKeeper zk = client.zk();
        if (zk == null) {
            return client.id() + " never started";
        }
        String connection = client.id() + " (session " + Op.sessionName(zk.sessionId()) + ", "
                + zk.state().name().toLowerCase(java.util.Locale.ROOT)
                + (zk.currentServer() == null ? "" : " to " + zk.currentServer()) + ")";
        WatchPaths paths = zk.watchManager().pathsForReconnect();
        List<String> watched = new ArrayList<>();
        paths.existPaths().forEach(path -> watched.add(watch("awaiting creation", path, ensemble, server)));
        paths.dataPaths().forEach(path -> watched.add(watch("awaiting change or deletion", path, ensemble, server)));
        paths.childPaths().forEach(path -> watched.add("children of " + path));
        return watched.isEmpty() ? connection + " watches nothing"
                : connection + " watches " + String.join(", ", watched);
    }

    private static String watch(String kind, String path, Ensemble ensemble, Optional<ZkServer> server) {
        if (server.isEmpty()) {
            return path + " (" + kind + "; no server is running)";
        }
        Stat stat = server.get().database().tree().stat(path);
        if (stat == null) {
            return path + " (" + kind + "; the node does not exist)";
        }
        if (stat.ephemeralOwner() == 0) {
            return path + " (" + kind + "; a persistent node)";
        }
        long owner = stat.ephemeralOwner();
        String whose = ensemble.clients().stream().filter(c -> c.owns(owner)).map(EnsembleClient::id).findFirst()
                .map(id -> " of " + id).orElse("");
        boolean live = server.get().database().sessions().containsKey(owner);
        return path + " (" + kind + "; ephemeral of session " + Op.sessionName(owner) + whose
                + (live ? ", which is live" : ", which the servers no longer know") + ")";
    }
}

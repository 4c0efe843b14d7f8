package dev.zksim.scenario;

import dev.zksim.api.Stat;
import dev.zksim.client.SimZooKeeper;
import dev.zksim.client.watch.WatchPaths;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleClient;
import dev.zksim.history.Op;
import dev.zksim.server.ZkServer;
import dev.zksim.server.tree.DataTree;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Says why a client is stuck at the end of a run: its connection, the znodes it watches, and
 * for each the node's owner session and whether that session is still alive on the leader.
 * For a watch on children (a semaphore's waiters watch its lease folder) it lists the
 * children and who owns each: who holds what, which otherwise takes {@code 4lw ... dump}. A
 * waiter stuck behind the node of a client that is gone, or whose session expired without the
 * node going away, is then visible in one line instead of in the trace.
 */
final class StuckDiagnosis {
    /** Children named per watched folder; a folder of thousands would drown the sentence. */
    private static final int MAX_CHILDREN = 8;

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
        paths.childPaths().forEach(path -> watched.add(children(path, ensemble, server)));
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
        return path + " (" + kind + "; " + owner(stat, ensemble, server.get()) + ")";
    }

    /** "children of /semaphore: a-lease-01 (ephemeral of session 0x1 of c2, which is live), ..." */
    private static String children(String path, Ensemble ensemble, Optional<ZkServer> server) {
        if (server.isEmpty()) {
            return "children of " + path + " (no server is running)";
        }
        DataTree tree = server.get().database().tree();
        if (!tree.exists(path)) {
            return "children of " + path + " (the node does not exist)";
        }
        List<String> children = tree.getChildren(path).stream().sorted().toList();
        if (children.isEmpty()) {
            return "children of " + path + " (it has none)";
        }
        List<String> named = new ArrayList<>();
        int persistent = 0;
        for (String child : children.subList(0, Math.min(MAX_CHILDREN, children.size()))) {
            Stat stat = tree.stat(path.equals("/") ? "/" + child : path + "/" + child);
            if (stat != null && stat.ephemeralOwner() == 0) {
                persistent++;
                named.add(child);
            } else {
                named.add(child + " (" + (stat == null ? "gone" : owner(stat, ensemble, server.get())) + ")");
            }
        }
        String more = children.size() > MAX_CHILDREN ? " and " + (children.size() - MAX_CHILDREN) + " more" : "";
        // Persistent children are said once for all: their owner is nobody, which is often the bug.
        String persistentNote = persistent == named.size()
                ? " (all persistent: no session owns them, so no crash or expiry removes them)"
                : persistent > 0 ? "; unmarked ones are persistent" : "";
        return "children of " + path + ": " + String.join(", ", named) + more + persistentNote;
    }

    /** Who owns a node: no session for a persistent one, else the session, its client, and whether it lives. */
    private static String owner(Stat stat, Ensemble ensemble, ZkServer server) {
        if (stat.ephemeralOwner() == 0) {
            return "persistent: no session owns it, so no crash or expiry removes it";
        }
        long owner = stat.ephemeralOwner();
        String whose = ensemble.clients().stream().filter(c -> c.owns(owner)).map(EnsembleClient::id).findFirst()
                .map(id -> " of " + id).orElse("");
        boolean live = server.database().sessions().containsKey(owner);
        return "ephemeral of session " + Op.sessionName(owner) + whose
                + (live ? ", which is live" : ", which the servers no longer know");
    }
}

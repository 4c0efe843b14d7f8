package dev.zksim.server;

import dev.zksim.api.PathUtils;
import dev.zksim.server.persist.DatabaseSnapshot;
import dev.zksim.server.persist.ZkDatabase;
import dev.zksim.server.tree.DataTreeSnapshot;
import dev.zksim.server.tree.Perms;
import dev.zksim.server.tree.ZnodePaths;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * A persistent node the ensemble starts with, its counters already far along: the internal
 * cversion (the number of children ever created under it, ZooKeeper's sequence counter)
 * and the data version. ZooKeeper keeps both in signed 32-bit ints and never checks them, so
 * after 2^31 - 1 a sequence suffix is computed from a negative number and a version wraps
 * to -2^31; reaching that state for real takes two billion writes, so the ensemble is
 * started in it instead, as if that history had happened before zxid 0. Missing ancestors
 * are created as plain empty nodes with zero counters; every server starts from the same
 * tree, so replicas agree.
 *
 * @param path an absolute path outside /zookeeper
 * @param cversion the internal cversion: the next sequential child gets this number
 * @param version the data version
 */
public record CounterStart(String path, int cversion, int version) {
    public CounterStart {
        PathUtils.validatePath(path);
        if (path.equals("/") || path.equals("/zookeeper") || path.startsWith("/zookeeper/")) {
            throw new IllegalArgumentException("a counter start needs a path of its own, not " + path);
        }
    }

    /** The database with these nodes added; the database itself when there are none. */
    public static ZkDatabase apply(ZkDatabase fresh, List<CounterStart> starts) {
        if (starts.isEmpty()) {
            return fresh;
        }
        DatabaseSnapshot snapshot = fresh.snapshot();
        TreeMap<String, DataTreeSnapshot.NodeImage> nodes = new TreeMap<>();
        snapshot.tree().nodes().forEach(image -> nodes.put(image.path(), image));
        for (CounterStart start : starts) {
            addAncestors(nodes, ZnodePaths.parentOf(start.path()));
            nodes.put(start.path(), image(start.path(), start.version(), start.cversion()));
        }
        DataTreeSnapshot tree = new DataTreeSnapshot(snapshot.tree().lastProcessedZxid(), new ArrayList<>(nodes.values()));
        return ZkDatabase.restore(new DatabaseSnapshot(tree, snapshot.sessions()));
    }

    private static void addAncestors(TreeMap<String, DataTreeSnapshot.NodeImage> nodes, String path) {
        if (nodes.containsKey(path)) {
            return;
        }
        addAncestors(nodes, ZnodePaths.parentOf(path));
        nodes.put(path, image(path, 0, 0));
    }

    private static DataTreeSnapshot.NodeImage image(String path, int version, int cversion) {
        return new DataTreeSnapshot.NodeImage(path, null, 0, 0, 0, 0, version, cversion, 0, 0, 0, Perms.ALL);
    }
}

package dev.zksim.server.persist;

import dev.zksim.server.tree.DataTreeSnapshot;
import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * An exact image of a {@link ZkDatabase}: the tree and the live sessions with their
 * timeouts, as ZooKeeper's snapshot files hold them. Immutable; this is what snapshot blob
 * files contain.
 */
public record DatabaseSnapshot(DataTreeSnapshot tree, SortedMap<Long, Integer> sessions) {
    public DatabaseSnapshot {
        sessions = Collections.unmodifiableSortedMap(new TreeMap<>(sessions));
    }

    public long lastProcessedZxid() {
        return tree.lastProcessedZxid();
    }
}

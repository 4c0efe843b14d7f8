package dev.zksim.recipes.canary;

import dev.zksim.api.EventType;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * CANARY, BROKEN ON PURPOSE: a view of a group whose members each hold several ephemeral
 * sequential nodes {@code <member>-NNNNNNNNNN}. It watches every node, drops a node from its
 * view on the node's NodeDeleted event, and takes the deletion of a member's highest
 * numbered node to mean the member's departure is complete: at that moment it reports the
 * view as the surviving group. That holds only if a closed session's ephemerals are deleted
 * in path order. ZooKeeper deletes them in the order of a hash set, so the report can still
 * list the departed member's other nodes; only the drawn deletion order exposes it.
 */
public final class HighestLastGroupView {
    private final ZooKeeperClient zk;
    private final String group;
    private final TreeSet<String> view = new TreeSet<>();
    private final List<List<String>> departures = new ArrayList<>();

    public HighestLastGroupView(ZooKeeperClient zk, String group) {
        this.zk = zk;
        this.group = group;
    }

    /** Lists the group and watches every member node. */
    public void start() {
        zk.getChildren(group, false).thenAccept(children -> {
            for (String child : children) {
                view.add(child);
                zk.exists(group + "/" + child, this::onEvent);
            }
        });
    }

    private void onEvent(WatchedEvent event) {
        if (event.type() != EventType.NodeDeleted) {
            return;
        }
        String name = event.path().substring(group.length() + 1);
        String member = name.substring(0, name.lastIndexOf('-'));
        boolean highest = view.stream().filter(node -> node.startsWith(member + "-")).reduce((a, b) -> b)
                .map(name::equals).orElse(false);
        view.remove(name);
        if (highest) {
            // The bug: the highest node is assumed to be deleted last.
            departures.add(List.copyOf(view));
        }
    }

    /** The surviving group as reported at each departure. */
    public List<List<String>> departures() {
        return List.copyOf(departures);
    }
}

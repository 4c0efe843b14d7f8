package dev.zksim.recipes.membership;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperState;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.Stages;
import java.util.List;
import java.util.function.Consumer;

/**
 * The view of a group under node {@code g}: {@code getChildren(g, watch)}, report the sorted
 * list if it changed, and list again when the watch fires. One watcher object is used, so
 * repeated listings collapse into one registration. The listener hears each distinct view
 * once, in the order the session saw them. Session expiry stops the view.
 */
public final class GroupView {
    private final ZooKeeperClient zk;
    private final String group;
    private final Consumer<MembershipDecision.ViewChange.Changed> listener;
    private final Watcher watcher = this::onEvent;
    private List<String> current;
    private boolean stopped;

    public GroupView(ZooKeeperClient zk, String group, Consumer<MembershipDecision.ViewChange.Changed> listener) {
        this.zk = zk;
        this.group = group;
        this.listener = listener;
    }

    /** Creates the group node if missing and starts watching it. */
    public void start() {
        zk.create(group, null, CreateMode.PERSISTENT).whenComplete((created, error) -> list());
    }

    public void stop() {
        stopped = true;
    }

    /** The last reported view, or null before the first. */
    public List<String> current() {
        return current;
    }

    private void onEvent(WatchedEvent event) {
        if (event.type() != EventType.None) {
            list();
        } else if (event.state() == KeeperState.Expired || event.state() == KeeperState.Closed) {
            stopped = true;
        }
    }

    private void list() {
        if (stopped) {
            return;
        }
        zk.getChildren(group, watcher).whenComplete((children, error) -> {
            if (error != null) {
                if (Stages.isRecoverable(error)) {
                    list();
                }
                return;
            }
            if (MembershipDecision.view(current, children) instanceof MembershipDecision.ViewChange.Changed changed) {
                current = changed.view();
                listener.accept(changed);
            }
        });
    }
}

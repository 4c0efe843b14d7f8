package dev.zksim.official.testkit;

import dev.zksim.testkit.MembershipUnderTest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.nodes.GroupMember;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.data.Stat;

/**
 * One member of a group kept by Curator's {@code GroupMember}, as the testkit's membership.
 * A join starts a GroupMember (one per membership: a closed one cannot start again) and
 * returns once the member's node exists and belongs to the current session; GroupMember
 * itself only starts creating it in the background. A leave closes the GroupMember. The
 * member's view is {@code getCurrentMembers}, sampled by the workload.
 *
 * <p>Curator's connection states are the member's: SUSPENDED says it may already be gone from
 * the group, LOST that it is (its session is over). GroupMember puts the node back by itself
 * once a new session is up, and the workload's join after the new session waits for that.
 */
final class CuratorGroupMember implements MembershipUnderTest {
    private final CallChain calls;
    private final CuratorTestkit.LazyCurator curator;
    private final String group;
    private final String name;
    private final Events events;
    private volatile GroupMember member;
    private boolean listening;

    CuratorGroupMember(SimulatedClient client, String group, String name, Events events) {
        this.calls = new CallChain(client);
        this.curator = new CuratorTestkit.LazyCurator(client);
        this.group = group;
        this.name = name;
        this.events = events;
    }

    @Override
    public CompletionStage<Void> join() {
        return calls.then("join", () -> {
            CuratorFramework framework = curator.get();
            listen(framework);
            if (member == null) {
                GroupMember fresh = new GroupMember(framework, group, name, name.getBytes(StandardCharsets.UTF_8));
                fresh.start();
                member = fresh;
            }
            awaitOwnNode(framework);
            return null;
        });
    }

    @Override
    public CompletionStage<Void> leave() {
        return calls.then("leave", () -> {
            GroupMember leaving = member;
            member = null;
            if (leaving != null) {
                leaving.close();
            }
            return null;
        });
    }

    @Override
    public Optional<List<String>> view() {
        GroupMember current = member;
        if (current == null) {
            return Optional.empty();
        }
        List<String> members = new ArrayList<>(current.getCurrentMembers().keySet());
        members.sort(null);
        return Optional.of(members);
    }

    /**
     * Waits until the member's node exists and is an ephemeral of the session Curator uses
     * now: a node of an older session (still shown by a server that has not yet applied that
     * session's end) is on its way out, and GroupMember will create ours after it.
     */
    private void awaitOwnNode(CuratorFramework framework) throws Exception {
        String path = ZKPaths.makePath(group, name);
        while (true) {
            CountDownLatch changed = new CountDownLatch(1);
            Stat stat = framework.checkExists().usingWatcher((Watcher) event -> changed.countDown()).forPath(path);
            long session = framework.getZookeeperClient().getZooKeeper().getSessionId();
            if (stat != null && stat.getEphemeralOwner() == session) {
                return;
            }
            changed.await();
        }
    }

    /** Passes Curator's connection states on while the member is in the group. */
    private void listen(CuratorFramework framework) {
        if (listening) {
            return;
        }
        listening = true;
        framework.getConnectionStateListenable().addListener(new ConnectionStateListener() {
            @Override
            public void stateChanged(CuratorFramework client, ConnectionState state) {
                if (member == null) {
                    return;
                }
                if (state == ConnectionState.SUSPENDED) {
                    events.suspended();
                } else if (state == ConnectionState.LOST) {
                    events.lost();
                }
            }
        });
    }
}

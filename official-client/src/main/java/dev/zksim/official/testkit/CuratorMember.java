package dev.zksim.official.testkit;

import dev.zksim.testkit.MembershipUnderTest;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.data.Stat;

/**
 * One {@link BlockingMember} as the testkit's membership, over the client's own
 * CuratorFramework. A join builds the member at first (and again after a leave), asks it to
 * join, and returns once the member's node exists and belongs to the current session: a
 * recipe may only start creating it in the background, and a node of an older session (still
 * shown by a server that has not yet applied that session's end) is on its way out. A leave
 * asks the member to leave and drops it. The member's view is sampled by the workload.
 *
 * <p>Curator's connection states are the member's: SUSPENDED says it may already be gone from
 * the group, LOST that it is (its session is over). The workload's join after a new session
 * asks the member to join again and waits for its node.
 */
final class CuratorMember implements MembershipUnderTest {
    private final CallChain calls;
    private final CuratorTestkit.LazyCurator curator;
    private final CuratorTestkit.MemberFactory factory;
    private final String name;
    private final Events events;
    private volatile BlockingMember member;
    private boolean listening;

    CuratorMember(SimulatedClient client, CuratorTestkit.MemberFactory factory, String name, Events events) {
        this.calls = new CallChain(client);
        this.curator = new CuratorTestkit.LazyCurator(client);
        this.factory = factory;
        this.name = name;
        this.events = events;
    }

    @Override
    public CompletionStage<Void> join() {
        return calls.then("join", () -> {
            CuratorFramework framework = curator.get();
            listen(framework);
            if (member == null) {
                member = factory.create(framework, name);
            }
            member.join();
            awaitOwnNode(framework, member.node());
            return null;
        });
    }

    @Override
    public CompletionStage<Void> leave() {
        return calls.then("leave", () -> {
            BlockingMember leaving = member;
            member = null;
            if (leaving != null) {
                leaving.leave();
            }
            return null;
        });
    }

    @Override
    public Optional<List<String>> view() {
        BlockingMember current = member;
        return current == null ? Optional.empty() : current.view();
    }

    /** Waits until the member's node exists and is an ephemeral of the session Curator uses now. */
    private static void awaitOwnNode(CuratorFramework framework, String path) throws Exception {
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

package dev.zksim.catalog;

import dev.zksim.recipes.membership.GroupMember;
import dev.zksim.recipes.membership.GroupView;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.recipes.support.EnsurePath;
import dev.zksim.recipes.support.HolderState;
import dev.zksim.testkit.MembershipUnderTest;
import dev.zksim.testkit.TestClient;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * zksim's group membership ({@link GroupMember} for the member's own node, {@link GroupView}
 * for what it sees) as the testkit's {@link MembershipUnderTest}, and a canary that forgets to
 * rejoin after its session was lost.
 */
public final class RecipeGroups {
    private static final String GROUP = "/group";

    private RecipeGroups() {
    }

    /** zksim's membership recipe. */
    public static MembershipUnderTest.Factory members() {
        return (client, name, events) -> new Member(client, name, events, false);
    }

    /**
     * CANARY, BROKEN ON PURPOSE: a member that remembers it joined and does not reset that
     * when its session is lost, so its join after a new session returns at once without
     * creating a node. It is a member in its own eyes and in no one else's. Only a new session
     * shows the bug.
     */
    public static MembershipUnderTest.Factory staleRejoinCanary() {
        return (client, name, events) -> new Member(client, name, events, true);
    }

    /**
     * One member. Each join builds a GroupMember, because one GroupMember is good for one
     * membership; the view is rebuilt after a lost session, because a view stops with its
     * session.
     */
    private static final class Member implements MembershipUnderTest {
        private final TestClient client;
        private final String name;
        private final Events events;
        private final boolean staleRejoin;
        private GroupView view;
        private boolean viewStopped = true;
        private boolean joined;
        private GroupMember member;

        Member(TestClient client, String name, Events events, boolean staleRejoin) {
            this.client = client;
            this.name = name;
            this.events = events;
            this.staleRejoin = staleRejoin;
            client.connection().subscribe(state -> {
                if (state == ConnectionState.LOST) {
                    viewStopped = true;
                    if (!staleRejoin) {
                        joined = false;
                    }
                }
            });
        }

        @Override
        public CompletionStage<Void> join() {
            if (joined) {
                return CompletableFuture.completedFuture(null);
            }
            return EnsurePath.ensure(client.zk(), GROUP).thenCompose(ok -> {
                if (viewStopped) {
                    viewStopped = false;
                    if (view != null) {
                        view.stop();
                    }
                    view = new GroupView(client.zk(), GROUP, changed -> events.view(changed.view()));
                    view.start();
                }
                GroupMember member = new GroupMember(client.zk(), GROUP, name, name.getBytes(StandardCharsets.UTF_8),
                        client.connection(), state -> {
                            if (state == HolderState.SUSPENDED) {
                                events.suspended();
                            } else if (state == HolderState.LOST) {
                                events.lost();
                            }
                        });
                this.member = member;
                return member.join().thenRun(() -> joined = true);
            });
        }

        @Override
        public CompletionStage<Void> leave() {
            joined = false;
            return member == null ? CompletableFuture.completedFuture(null) : member.leave();
        }

        @Override
        public Optional<List<String>> view() {
            return view == null || view.current() == null ? Optional.empty() : Optional.of(view.current());
        }
    }
}

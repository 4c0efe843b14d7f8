package dev.zksim.catalog;

import dev.zksim.recipes.membership.GroupMember;
import dev.zksim.recipes.membership.GroupView;
import dev.zksim.recipes.membership.PartitionAssignment;
import dev.zksim.recipes.membership.PartitionClaims;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.recipes.support.EnsurePath;
import dev.zksim.recipes.support.HolderState;
import dev.zksim.testkit.MembershipUnderTest;
import dev.zksim.testkit.TestClient;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * zksim's group membership ({@link GroupMember} for the member's own node, {@link GroupView}
 * for what it sees) as the testkit's {@link MembershipUnderTest}, and a canary that forgets to
 * rejoin after its session was lost.
 */
public final class RecipeGroups {
    private static final String GROUP = "/group";
    private static final String PARTITIONS = "/partitions";

    private RecipeGroups() {
    }

    /**
     * zksim's membership recipe. Each member, by a draw of its client's choices, either leaves
     * the rejoin after a lost session to its caller or rejoins on its own and says so
     * ({@link MembershipUnderTest#rejoinsOnItsOwn}), so that one scenario runs both steps.
     */
    public static MembershipUnderTest.Factory members() {
        return (client, name, events) -> new Member(client, name, events, false, Ownership.NONE,
                client.choices().chance(1, 2) ? Rejoin.ON_ITS_OWN : Rejoin.BY_CALLER);
    }

    /**
     * CANARY, BROKEN ON PURPOSE: a member that rejoins on its own after it lost its session,
     * creating its node again on the new session, but keeps the view it had: that view's
     * watches died with the old session, so it never sees another change. Declared as
     * rejoining on its own ({@code declared}), the workload leaves the rejoin to it and the
     * stale view shows; declared otherwise, the workload's own join restarts the view, and
     * the same member passes.
     */
    public static MembershipUnderTest.Factory rejoinKeepsViewCanary(boolean declared) {
        return (client, name, events) -> new Member(client, name, events, false, Ownership.NONE,
                declared ? Rejoin.ON_ITS_OWN_KEEPING_VIEW : Rejoin.BY_CALLER_OR_ON_ITS_OWN_KEEPING_VIEW);
    }

    /** Who rejoins a member after its session was lost, and (the canary) whether the view is restarted. */
    private enum Rejoin {
        /** The caller calls join again. */
        BY_CALLER,
        /** The member rejoins on its own once the new session is connected, and says so. */
        ON_ITS_OWN,
        /** As ON_ITS_OWN, but keeps the lost session's view (the canary). */
        ON_ITS_OWN_KEEPING_VIEW,
        /** The canary's flaw, declared as BY_CALLER: a join from the caller comes first and restarts the view. */
        BY_CALLER_OR_ON_ITS_OWN_KEEPING_VIEW;

        boolean declaredOnItsOwn() {
            return this == ON_ITS_OWN || this == ON_ITS_OWN_KEEPING_VIEW;
        }

        boolean rejoinsItself() {
            return this != BY_CALLER;
        }

        boolean keepsView() {
            return this == ON_ITS_OWN_KEEPING_VIEW || this == BY_CALLER_OR_ON_ITS_OWN_KEEPING_VIEW;
        }
    }

    /** zksim's membership recipe whose members share {@code partitions} through claim nodes ({@link PartitionClaims}). */
    public static MembershipUnderTest.Factory partitioned(int partitions) {
        return (client, name, events) -> new Member(client, name, events, false, new Claims(
                new PartitionClaims(client.zk(), client.connection(), PARTITIONS, name, partitions, events::owned)),
                Rejoin.BY_CALLER);
    }

    /**
     * CANARY, BROKEN ON PURPOSE: members that own the partitions their own view assigns them,
     * without claiming them. Views differ for a while after every join, leave and expiry, and
     * two members then both own a partition.
     */
    public static MembershipUnderTest.Factory viewAssignedCanary(int partitions) {
        return (client, name, events) -> new Member(client, name, events, false, new ViewAssigned(name, partitions, events),
                Rejoin.BY_CALLER);
    }

    /** How a member owns partitions: not at all, through claims, or (the canary) by its view alone. */
    private interface Ownership {
        Ownership NONE = new Ownership() {
        };

        default void rebalance(List<String> view) {
        }

        default void start() {
        }

        default void stop() {
        }
    }

    private record Claims(PartitionClaims claims) implements Ownership {
        @Override
        public void rebalance(List<String> view) {
            claims.rebalance(view);
        }

        @Override
        public void start() {
            claims.start();
        }

        @Override
        public void stop() {
            claims.stop();
        }
    }

    private static final class ViewAssigned implements Ownership {
        private final String name;
        private final int partitions;
        private final MembershipUnderTest.Events events;
        private boolean active;

        ViewAssigned(String name, int partitions, MembershipUnderTest.Events events) {
            this.name = name;
            this.partitions = partitions;
            this.events = events;
        }

        @Override
        public void rebalance(List<String> view) {
            if (active) {
                events.owned(PartitionAssignment.target(view, name, partitions));
            }
        }

        @Override
        public void start() {
            active = true;
        }

        @Override
        public void stop() {
            active = false;
            events.owned(new TreeSet<>());
        }
    }

    /**
     * CANARY, BROKEN ON PURPOSE: a member that remembers it joined and does not reset that
     * when its session is lost, so its join after a new session returns at once without
     * creating a node. It is a member in its own eyes and in no one else's. Only a new session
     * shows the bug.
     */
    public static MembershipUnderTest.Factory staleRejoinCanary() {
        return (client, name, events) -> new Member(client, name, events, true, Ownership.NONE, Rejoin.BY_CALLER);
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
        private final Ownership ownership;
        private GroupView view;
        private boolean viewStopped = true;
        private boolean joined;
        private GroupMember member;
        private final Rejoin rejoin;
        /** Asked to join and not asked to leave since: a member that rejoins on its own does so only then. */
        private boolean wanted;
        private boolean rejoinDue;

        Member(TestClient client, String name, Events events, boolean staleRejoin, Ownership ownership, Rejoin rejoin) {
            this.ownership = ownership;
            this.client = client;
            this.name = name;
            this.events = events;
            this.staleRejoin = staleRejoin;
            this.rejoin = rejoin;
            client.connection().subscribe(state -> {
                if (state == ConnectionState.LOST) {
                    viewStopped = true;
                    rejoinDue = wanted && rejoin.rejoinsItself();
                    if (!staleRejoin) {
                        joined = false;
                    }
                } else if (state == ConnectionState.CONNECTED) {
                    rejoinIfDue();
                }
            });
        }

        @Override
        public boolean rejoinsOnItsOwn() {
            return rejoin.declaredOnItsOwn();
        }

        /**
         * Rejoins on the new session, once, if the member lost its node while it wanted to be
         * in the group; tries again a little later if that join fails on a live session.
         */
        private void rejoinIfDue() {
            if (!rejoinDue || client.connection().current() != ConnectionState.CONNECTED) {
                return;
            }
            rejoinDue = false;
            join(!rejoin.keepsView()).whenComplete((ok, error) -> {
                if (error == null) {
                    events.rejoined();
                } else if (wanted) {
                    rejoinDue = true;
                    client.schedule(300_000, this::rejoinIfDue);
                }
            });
        }

        @Override
        public CompletionStage<Void> join() {
            return join(true);
        }

        /** Joins; restarts the view if it stopped with a lost session, unless told not to (the canary). */
        private CompletionStage<Void> join(boolean restartView) {
            wanted = true;
            rejoinDue = false;
            if (joined) {
                return CompletableFuture.completedFuture(null);
            }
            return EnsurePath.ensure(client.zk(), GROUP).thenCompose(ok -> {
                if (viewStopped && restartView) {
                    viewStopped = false;
                    if (view != null) {
                        view.stop();
                    }
                    view = new GroupView(client.zk(), GROUP, changed -> {
                        events.view(changed.view());
                        if (joined) {
                            ownership.rebalance(changed.view());
                        }
                    });
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
                return member.join().thenRun(() -> {
                    joined = true;
                    ownership.start();
                    if (view.current() != null) {
                        ownership.rebalance(view.current());
                    }
                });
            });
        }

        @Override
        public CompletionStage<Void> leave() {
            wanted = false;
            rejoinDue = false;
            joined = false;
            ownership.stop();
            return member == null ? CompletableFuture.completedFuture(null) : member.leave();
        }

        @Override
        public Optional<List<String>> view() {
            return view == null || view.current() == null ? Optional.empty() : Optional.of(view.current());
        }
    }
}

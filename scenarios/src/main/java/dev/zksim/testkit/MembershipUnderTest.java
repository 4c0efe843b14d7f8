package dev.zksim.testkit;

import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.concurrent.CompletionStage;

/**
 * The contract of a group membership under test. One instance is one member: it joins the
 * group under the name it was built with, watches who else is a member (its own view), and
 * may leave and join again; after its session is lost the workload opens a new session and
 * calls {@link #join} again on the same instance, which must then rejoin for real, unless the
 * member declares that it rejoins on its own ({@link #rejoinsOnItsOwn}).
 *
 * <p>That new {@link #join} after a lost session does not wait for the lost session's join: a
 * join that was under way when the session was lost may still be pending, because a recipe
 * need not answer a call whose session is gone. Two joins on one instance can therefore be
 * under way at once; the later one must join on the new session, and the workload ignores
 * whatever the older one does from then on. Otherwise the workload calls {@link #join} only
 * when no join is under way.
 *
 * <p>A membership that also hands out partitions (work shards, as consumers of a topic share
 * it) reports the partitions each member believes it owns through {@link Events#owned}; the
 * scenario built with {@code partitions(n)} then checks that no partition is ever owned by two
 * members at once and that every partition has an owner after the heal.
 */
public interface MembershipUnderTest {

    /**
     * Joins (again): completes once this member is in the group, and (re)starts the member's
     * view of the group, so that it follows the current session. Fails if it cannot join.
     */
    CompletionStage<Void> join();

    /** Leaves the group; completes when the recipe's cleanup is done. */
    CompletionStage<Void> leave();

    /** The members this member believes are in the group now (its own name included), if it knows. */
    Optional<List<String>> view();

    /**
     * Whether this member rejoins on its own after it lost its node with its session, as a
     * member built on a node that recreates itself does (Curator's GroupMember over a
     * PersistentNode): once the new session is connected it creates its node again and
     * restarts its view, and reports {@link Events#rejoined}. The workload then does not call
     * {@link #join} after a lost session; it waits for the member to come back, and the
     * liveness check requires it to within the bound after the heal. A member that has left
     * does not rejoin. The default is false: the caller joins again.
     */
    default boolean rejoinsOnItsOwn() {
        return false;
    }

    /** What a member tells its caller unasked. */
    interface Events {

        /** The member's view changed: the names of the members it now sees. */
        void view(List<String> members);

        /** The connection is down: this member may already be gone from the group. */
        void suspended();

        /** This member is no longer in the group (its session expired or its node was deleted). */
        void lost();

        /**
         * A member that rejoins on its own ({@link #rejoinsOnItsOwn}) is back in the group:
         * its node exists again and its view follows the new session.
         */
        default void rejoined() {
        }

        /**
         * The partitions this member now believes it owns, after every change: a member acts
         * on a partition only while it is in the last set reported. {@link #suspended} and
         * {@link #lost} end every ownership; after a reconnect the member reports again what
         * it still owns.
         */
        void owned(SortedSet<Integer> partitions);
    }

    /** Builds the member called {@code name} on a client. */
    @FunctionalInterface
    interface Factory {
        MembershipUnderTest create(TestClient client, String name, Events events);
    }
}

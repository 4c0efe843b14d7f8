package dev.zksim.official.testkit;

import java.util.List;
import java.util.Optional;

/**
 * One member of a group written as blocking code (with Curator, or against the official
 * client), for {@link CuratorTestkit#member}: a service registration, a worker announcing
 * itself, Curator's {@code GroupMember}. The member shows in the group as one ephemeral
 * znode, {@link #node()}, which the testkit reads to know when the member is in the group
 * under its current session.
 */
public interface BlockingMember {

    /**
     * Makes this member present in the group, on a simulated thread of its client; it may
     * block. Called for the first join, again after a {@link #leave}, and again after the
     * member's session was lost: a member that puts itself back by itself (as Curator's
     * GroupMember and service discovery do) may return at once then. The testkit's join
     * completes once {@link #node()} exists as an ephemeral of the current session.
     */
    void join() throws Exception;

    /** Leaves the group for good: the member's node goes, and it no longer puts it back. */
    void leave() throws Exception;

    /** The members this member sees in the group now (its own name included), if it knows. */
    Optional<List<String>> view();

    /** The znode whose existence, as an ephemeral of the member's session, says it is in the group. */
    String node();
}

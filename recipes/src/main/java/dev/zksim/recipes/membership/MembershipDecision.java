package dev.zksim.recipes.membership;

import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.recipes.support.HolderState;
import java.util.List;

/** The pure decisions of group membership: view changes and a member's own state. */
public final class MembershipDecision {

    private MembershipDecision() {
    }

    /** The outcome of comparing a fresh listing with the last reported view. */
    public sealed interface ViewChange {
        record Unchanged() implements ViewChange {
        }

        /** The new sorted view, with who joined and who left since the last one. */
        record Changed(List<String> view, List<String> joined, List<String> left) implements ViewChange {
        }
    }

    /** Compares a listing (any order) with the previous sorted view (null before the first). */
    public static ViewChange view(List<String> previous, List<String> children) {
        List<String> view = children.stream().sorted().distinct().toList();
        if (view.equals(previous)) {
            return new ViewChange.Unchanged();
        }
        List<String> before = previous == null ? List.of() : previous;
        return new ViewChange.Changed(view, view.stream().filter(name -> !before.contains(name)).toList(),
                before.stream().filter(name -> !view.contains(name)).toList());
    }

    /**
     * A member's state from its connection and whether its node is known to exist. While
     * disconnected it cannot know whether its session (and node) survive, so it must not
     * act as a member; once the session is lost, or the node is seen gone, it is out for good.
     */
    public static HolderState member(ConnectionState connection, boolean nodeExists) {
        return switch (connection) {
            case LOST -> HolderState.LOST;
            case SUSPENDED -> HolderState.SUSPENDED;
            case CONNECTED -> nodeExists ? HolderState.HELD : HolderState.LOST;
        };
    }
}

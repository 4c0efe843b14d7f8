package dev.zksim.recipes.doublebarrier;

import java.util.List;

/** The pure decisions of the double barrier's enter and leave loops. */
public final class DoubleBarrierDecision {
    /** The child that marks the barrier as entered; it is not a participant. */
    public static final String READY = "ready";
    /**
     * Separates the participant from the instance in a node's name, {@code PARTICIPANT~INSTANCE}:
     * the part before it names the participant (a stable process id), the part after it one
     * session of one incarnation of that process. A name without it is a participant alone.
     */
    public static final char INSTANCE_SEPARATOR = '~';

    private DoubleBarrierDecision() {
    }

    /** What a participant does after listing the barrier's children on enter. */
    public sealed interface Enter {
        /** Enough participants are in (or ready already exists): compute. */
        record Entered() implements Enter {
        }

        /** This participant completed the count: create the ready node, then compute. */
        record CreateReady() implements Enter {
        }

        /** Fewer than the threshold: wait for the ready watch to fire. */
        record Wait() implements Enter {
        }
    }

    /** What a participant does after listing the barrier's children on leave. */
    public sealed interface Leave {
        /** No participant is left: the barrier is done. */
        record Done() implements Leave {
        }

        /** Only this participant is left: delete its node and leave. */
        record DeleteMineAndDone() implements Leave {
        }

        /** Wait until this node is gone (exists with a watch), then list again. */
        record WaitFor(String node) implements Leave {
        }

        /** Delete this participant's node, then wait until this node is gone. */
        record DeleteMineAndWaitFor(String node) implements Leave {
        }
    }

    /** Enter steps 4 to 6: once the threshold is reached anybody may create ready. */
    public static Enter enter(List<String> children, int threshold, boolean readySeen) {
        if (readySeen || children.contains(READY)) {
            return new Enter.Entered();
        }
        return arrivals(children) >= threshold ? new Enter.CreateReady() : new Enter.Wait();
    }

    /**
     * How many participants have arrived: each counted once, however many nodes it has. A
     * participant whose session was lost, or whose process restarted, enters again from a new
     * session while its old node stays until the servers expire the old session (the client
     * gives a session up on its own clock, sooner than they do); counted as nodes, it would
     * count twice and open the barrier before the last participant is there.
     */
    public static long arrivals(List<String> children) {
        return participants(children).stream().map(DoubleBarrierDecision::participantOf).distinct().count();
    }

    /** The participant a node stands for: its name up to {@link #INSTANCE_SEPARATOR}, or all of it. */
    public static String participantOf(String node) {
        int separator = node.indexOf(INSTANCE_SEPARATOR);
        return separator < 0 ? node : node.substring(0, separator);
    }

    /**
     * Leave steps 2 to 5. The lowest participant deletes last, waiting on the highest; every
     * other one deletes its node and waits on the lowest, so each deletion wakes one process
     * rather than all of them. A participant whose node is already gone (it deleted it in an
     * earlier round) simply waits on the lowest.
     */
    public static Leave leave(List<String> children, String me) {
        List<String> remaining = participants(children);
        if (remaining.isEmpty()) {
            return new Leave.Done();
        }
        if (remaining.equals(List.of(me))) {
            return new Leave.DeleteMineAndDone();
        }
        String lowest = remaining.getFirst();
        if (lowest.equals(me)) {
            return new Leave.WaitFor(remaining.getLast());
        }
        return remaining.contains(me) ? new Leave.DeleteMineAndWaitFor(lowest) : new Leave.WaitFor(lowest);
    }

    /** The participant names, sorted, without the ready marker. */
    public static List<String> participants(List<String> children) {
        return children.stream().filter(child -> !child.equals(READY)).sorted().toList();
    }
}

package dev.zksim.scenario;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;

/**
 * One run's watches of its goals that are judged op by op ({@link Goal#watching}): each is fed
 * every op as the run records it, until it is reached, so that judging the goals at the end
 * reads none of the history again. A lock run records about 900 ops; walking them all once
 * per goal at the end cost more than watching them as they come, while they are fresh.
 */
final class GoalWatches {
    private final List<Goal> goals;
    /** A fresh watch per goal, by position; null for a goal judged on the whole evidence. */
    private final Goal.Watch[] watches;
    /** The watches not reached yet, the only ones still fed. */
    private final List<Goal.Watch> unreached = new ArrayList<>();

    private GoalWatches(List<Goal> goals) {
        this.goals = List.copyOf(goals);
        this.watches = new Goal.Watch[this.goals.size()];
        for (int i = 0; i < watches.length; i++) {
            Supplier<Goal.Watch> factory = this.goals.get(i).watchFactory();
            if (factory != null) {
                watches[i] = factory.get();
                if (!watches[i].reached()) {
                    unreached.add(watches[i]);
                }
            }
        }
    }

    /** Watches the goals on the history from its first op; the history must be empty yet. */
    static GoalWatches attach(List<Goal> goals, History history) {
        if (!history.isEmpty()) {
            throw new IllegalStateException("goals must watch a history from its first op, not from op " + history.size());
        }
        GoalWatches watching = new GoalWatches(goals);
        if (!watching.unreached.isEmpty()) {
            history.watchAppends(watching::see);
        }
        return watching;
    }

    private void see(Op op) {
        if (unreached.isEmpty()) {
            return;
        }
        for (int i = unreached.size() - 1; i >= 0; i--) {
            Goal.Watch watch = unreached.get(i);
            watch.see(op);
            if (watch.reached()) {
                unreached.remove(i);
            }
        }
    }

    /**
     * The names of the goals reached so far, in declaration order: a watched goal by its watch,
     * any other by its test of the evidence, which is asked for only if such a goal exists.
     */
    List<String> reached(Supplier<Goal.Evidence> evidence) {
        List<String> names = new ArrayList<>();
        Goal.Evidence judged = null;
        for (int i = 0; i < watches.length; i++) {
            Goal goal = goals.get(i);
            boolean reached;
            if (watches[i] != null) {
                reached = watches[i].reached();
            } else {
                judged = judged == null ? evidence.get() : judged;
                reached = goal.reached().test(judged);
            }
            if (reached) {
                names.add(goal.name());
            }
        }
        return Collections.unmodifiableList(names);
    }
}

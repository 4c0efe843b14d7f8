package dev.zksim.check;

import dev.zksim.history.History;
import java.util.List;

/**
 * A guarantee checked over a finished history. Implementations are pure: the same history
 * always gives the same result, so a failing run's verdict can be recomputed from its trace.
 */
public interface Checker {

    /** A short name used in explanations and reports, e.g. "mutual exclusion (believed)". */
    String name();

    CheckResult check(History history);

    /**
     * Told by a run, before it records its first op, which history it will check: a checker may
     * ask the history to fold what the check reads (its pairs, its holds) as each op is
     * recorded, while the op is fresh, instead of reading every op again at the end. The
     * verdict is the same either way. Does nothing by default.
     */
    default void watch(History history) {
    }

    /** Runs the checkers in order and returns the first violation, or valid if none. */
    static CheckResult checkAll(History history, List<Checker> checkers) {
        for (Checker checker : checkers) {
            CheckResult result = checker.check(history);
            if (!result.isValid()) {
                return result;
            }
        }
        return CheckResult.valid("all of " + checkers.size() + " checkers");
    }
}

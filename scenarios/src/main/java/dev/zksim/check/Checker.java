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

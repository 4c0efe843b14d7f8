package dev.zksim.catalog;

import dev.zksim.history.OpKind;
import dev.zksim.history.OpType;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.testkit.ShapeGoals;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The goals ("sometimes" assertions) of the built-in scenarios beyond those their builders
 * declare. Every builder declares its shape's standard goals ({@link ShapeGoals}) and the
 * ensemble's (a disconnection, an expiry), exactly as for a user's scenario; a few built-in
 * scenarios add goals of their own here, by scenario id, where the shape's say too little
 * (a custom program, a lock that is revoked).
 */
final class CatalogGoals {

    private CatalogGoals() {
    }

    /** The catalogue with every scenario's own goals added to those its builder declared. */
    static ScenarioCatalog declare(ScenarioCatalog plain) {
        ScenarioCatalog declared = new ScenarioCatalog();
        for (Scenario scenario : plain.all()) {
            List<Goal> extra = specific(scenario.id());
            declared.add(extra.isEmpty() ? scenario : scenario.withGoals(merged(scenario.goals(), extra)));
        }
        return declared;
    }

    /** The builder's goals, then the scenario's own; a goal of the same name is kept once, where it first came. */
    private static List<Goal> merged(List<Goal> built, List<Goal> extra) {
        Map<String, Goal> byName = new LinkedHashMap<>();
        built.forEach(goal -> byName.putIfAbsent(goal.name(), goal));
        extra.forEach(goal -> byName.putIfAbsent(goal.name(), goal));
        return new ArrayList<>(byName.values());
    }

    static List<Goal> lock() {
        return ShapeGoals.lock(false);
    }

    static List<Goal> queue() {
        return ShapeGoals.queue(false, false);
    }

    static List<Goal> election() {
        return ShapeGoals.election();
    }

    private static List<Goal> specific(String id) {
        return switch (id) {
            case "ensemble-random-ops" -> List.of(
                    Goal.traced("ZabEvent.Elected", 2, "a new leader was elected after the first"),
                    Goal.traced("ZabEvent.Truncated", 1, "a replica truncated its log"));
            case "revocable-lock" -> List.of(
                    Goal.happened(OpKind.REVOKE, OpType.OK, "a holder was asked to give the lock back"),
                    Goal.completedBy(OpKind.ACQUIRE, 2, "the lock passed from one client to another"));
            case "canary-unversioned-counter" -> List.of(
                    Goal.completedBy(OpKind.INCREMENT, 2, "both clients incremented"),
                    Goal.contended(OpKind.INCREMENT, "the two increments overlapped"));
            default -> List.of();
        };
    }
}

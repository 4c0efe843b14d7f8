package dev.zksim.catalog;

import dev.zksim.history.OpKind;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.ScenarioCatalog;
import java.util.ArrayList;
import java.util.List;

/**
 * The goals ("sometimes" assertions) of the built-in scenarios, at least two each: the
 * interesting cases a run of that scenario should sometimes reach, so that every report can
 * say which a sweep or an exploration never exercised. A scenario that declares its own goals
 * on its builder keeps them; the others get their family's here, by scenario id. Every
 * scenario also gets the ensemble's own goals (a disconnection, an expiry).
 */
final class CatalogGoals {

    private CatalogGoals() {
    }

    /** The catalogue with every scenario's goals declared. */
    static ScenarioCatalog declare(ScenarioCatalog plain) {
        ScenarioCatalog declared = new ScenarioCatalog();
        for (Scenario scenario : plain.all()) {
            List<Goal> goals = new ArrayList<>(scenario.goals().isEmpty() ? byId(scenario.id()) : scenario.goals());
            goals.addAll(ensemble());
            declared.add(scenario.withGoals(goals));
        }
        return declared;
    }

    private static List<Goal> byId(String id) {
        if (id.startsWith("lock-") || id.equals("canary-no-recheck-lock") || id.endsWith("-herd") && id.contains("lock")) {
            return lock();
        } else if (id.endsWith("queue") || id.equals("canary-queue-unchecked-delete")) {
            return queue();
        } else if (id.contains("election")) {
            return election();
        }
        return specific(id);
    }

    static List<Goal> lock() {
        return List.of(
                Goal.contended(OpKind.ACQUIRE, "two clients wanted the lock at once"),
                Goal.completedBy(OpKind.ACQUIRE, 2, "the lock passed from one client to another"),
                Goal.noticeWhileHolding(OpKind.ACQUIRE, OpKind.RELEASE, OpKind.LOST, "a holder lost its session while holding"),
                Goal.noticeWhileHolding(OpKind.ACQUIRE, OpKind.RELEASE, OpKind.SUSPENDED,
                        "a holder was disconnected while holding"));
    }

    static List<Goal> queue() {
        return List.of(
                Goal.completed(OpKind.ENQUEUE, "an item was enqueued"),
                Goal.contended(OpKind.DEQUEUE, "two consumers dequeued at once"),
                Goal.completedBy(OpKind.DEQUEUE, 2, "items went to more than one consumer"));
    }

    static List<Goal> election() {
        return List.of(
                Goal.completed(OpKind.ELECTED, "a candidate was elected"),
                Goal.completedBy(OpKind.ELECTED, 2, "leadership changed hands"),
                Goal.noticeWhileHolding(OpKind.ELECTED, OpKind.ABDICATED, OpKind.LOST, "a leader lost its session while leading"));
    }

    /** Faults the ensemble itself went through, for every scenario. */
    private static List<Goal> ensemble() {
        return List.of(
                Goal.traced("ClientEvent.Disconnected", 1, "a client was disconnected"),
                Goal.traced("ServerEvent.SessionExpired", 1, "a session expired"));
    }

    private static List<Goal> specific(String id) {
        return switch (id) {
            case "rwlock" -> List.of(
                    Goal.completedBy(OpKind.READ_LOCK, 2, "two readers shared the lock"),
                    Goal.contended(OpKind.WRITE_LOCK, "two writers wanted the lock at once"));
            case "barrier" -> List.of(
                    Goal.completed(OpKind.LIFT, "the barrier was lifted"),
                    Goal.completedBy(OpKind.ENTER, 2, "two clients passed the barrier"));
            case "configuration" -> List.of(
                    Goal.completed(OpKind.CONFIG_WRITE, "a configuration was published"),
                    Goal.completedBy(OpKind.CONFIG_READ, 2, "two clients read the configuration"));
            case "double-barrier" -> List.of(
                    Goal.completedBy(OpKind.ENTER, 2, "two clients entered together"),
                    Goal.completed(OpKind.LEAVE, "a client left the double barrier"));
            case "membership" -> List.of(
                    Goal.completedBy(OpKind.JOIN, 2, "two members joined"),
                    Goal.completed(OpKind.VIEW, "a member saw the group"));
            default -> List.of(
                    Goal.traced("ZabEvent.Elected", 1, "a leader was elected"),
                    Goal.traced("ProcessEvent.Crashed", 1, "a process crashed"));
        };
    }
}

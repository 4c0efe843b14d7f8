package dev.zksim.catalog;

import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpType;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.workload.UnversionedIncrement;
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
            List<Goal> goals = scenario.goals().isEmpty() ? goals(scenario.id()) : new ArrayList<>(scenario.goals());
            if (!scenario.goals().isEmpty()) {
                goals.addAll(ensemble());
            }
            declared.add(scenario.withGoals(goals));
        }
        return declared;
    }

    static List<Goal> goals(String id) {
        List<Goal> goals = new ArrayList<>();
        if (id.contains("semaphore")) {
            goals.addAll(semaphore());
        } else if (isLock(id)) {
            goals.addAll(lock());
        } else if (id.equals("mixed-lock-queue")) {
            goals.addAll(lock());
            goals.addAll(queue());
        } else if (id.endsWith("queue") || id.equals("canary-queue-unchecked-delete")) {
            goals.addAll(queue());
        } else if (id.contains("election") || id.contains("leader")) {
            goals.addAll(election());
        } else {
            goals.addAll(specific(shape(id)));
        }
        goals.addAll(ensemble());
        return goals;
    }

    /** The exclusive locks, and the canaries and contrast variants built on the lock shape. */
    private static boolean isLock(String id) {
        return id.startsWith("lock-") || id.equals("canary-no-recheck-lock") || id.equals("canary-resume-after-expiry")
                || id.equals("canary-lock-file-herd") || id.equals("canary-lowest-watch-herd")
                || id.equals("canary-first-create-protected");
    }

    /** A canary of a recipe shape has the goals of that shape's correct scenario. */
    private static String shape(String id) {
        return switch (id) {
            case "canary-membership-stale-rejoin", "canary-membership-rejoin-keeps-view" -> "membership";
            case "canary-config-start-once" -> "configuration";
            case "canary-rwlock-reentrant-uncounted", "canary-rwlock-downgrade-unordered" -> "rwlock";
            case "canary-locking-queue-removes-at-take" -> "locking-queue";
            case "canary-double-barrier-one-short", "canary-double-barrier-hasty-cancel",
                    "canary-double-barrier-leave-node-kept" -> "double-barrier";
            default -> id;
        };
    }

    private static List<Goal> semaphore() {
        return List.of(
                Goal.contended(OpKind.ACQUIRE, "two clients wanted a permit at once"),
                Goal.completedBy(OpKind.ACQUIRE, 2, "permits went to more than one client"),
                Goal.noticeWhileHolding(OpKind.ACQUIRE, OpKind.RELEASE, OpKind.LOST,
                        "a permit holder lost its session while holding"));
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

    /** Faults the ensemble itself went through, for every scenario (not counted as a scenario's own goals). */
    static List<Goal> ensemble() {
        return List.of(
                Goal.traced("ClientEvent.Disconnected", 1, "a client was disconnected"),
                Goal.traced("ServerEvent.SessionExpired", 1, "a session expired"));
    }

    private static List<Goal> specific(String id) {
        return switch (id) {
            case "ensemble-random-ops" -> List.of(
                    Goal.traced("ZabEvent.Elected", 2, "a new leader was elected after the first"),
                    Goal.traced("ZabEvent.Truncated", 1, "a replica truncated its log"));
            case "rwlock" -> List.of(
                    Goal.completedBy(OpKind.READ_LOCK, 2, "two readers shared the lock"),
                    Goal.contended(OpKind.WRITE_LOCK, "two writers wanted the lock at once"));
            case "revocable-lock" -> List.of(
                    Goal.happened(OpKind.REVOKE, OpType.OK, "a holder was asked to give the lock back"),
                    Goal.completedBy(OpKind.ACQUIRE, 2, "the lock passed from one client to another"));
            case "barrier" -> List.of(
                    Goal.completed(OpKind.LIFT, "the barrier was lifted"),
                    Goal.completedBy(OpKind.ENTER, 2, "two clients passed the barrier"));
            case "two-phase-commit" -> List.of(
                    Goal.completed(OpKind.VOTE, "a site voted"),
                    Goal.completedBy(OpKind.DECIDE, 2, "two sites learned the decision"));
            case "configuration" -> List.of(
                    Goal.completed(OpKind.CONFIG_WRITE, "a configuration was published"),
                    Goal.completedBy(OpKind.CONFIG_READ, 2, "two clients read the configuration"));
            case "double-barrier" -> List.of(
                    Goal.completedBy(OpKind.ENTER, 2, "two clients entered together"),
                    Goal.completed(OpKind.LEAVE, "a client left the double barrier"),
                    Goal.onHistory("a participant gave an enter up", history -> history.ops().stream()
                            .anyMatch(op -> op.f().equals(OpKind.ENTER) && op.note().equals(Op.GAVE_UP))));
            case "membership" -> List.of(
                    Goal.completedBy(OpKind.JOIN, 2, "two members joined"),
                    Goal.completed(OpKind.VIEW, "a member saw the group"));
            case "rendezvous" -> List.of(
                    Goal.completed(OpKind.PUBLISH, "a worker published its address"),
                    Goal.completed(OpKind.RENDEZVOUS, "the client found a worker"));
            case "canary-unversioned-counter" -> List.of(
                    Goal.completedBy(UnversionedIncrement.INCREMENT, 2, "both clients incremented"),
                    Goal.contended(UnversionedIncrement.INCREMENT, "the two increments overlapped"));
            case "naming" -> List.of(
                    Goal.completedBy(OpKind.ALLOCATE, 2, "two clients were given names"),
                    Goal.contended(OpKind.ALLOCATE, "two clients asked for names at once"));
            // A scenario nobody declared goals for has only the ensemble's: GoalTest names it.
            default -> List.of();
        };
    }
}

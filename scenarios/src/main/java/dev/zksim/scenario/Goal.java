package dev.zksim.scenario;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpType;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A "sometimes" assertion: something a scenario wants some run to reach (a holder lost its
 * session while holding, two clients contended), as opposed to an invariant every run must
 * keep. Reports list the goals reached and never reached, so a sweep or an exploration that
 * never exercised the interesting case says so instead of passing quietly.
 *
 * @param name a sentence fragment people read in reports, e.g. "a holder lost its session while holding"
 * @param reached whether a run's evidence (its history, the kinds of trace events it emitted) reached the goal
 */
public record Goal(String name, Predicate<Evidence> reached) {

    public Goal {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a goal needs a name people can read");
        }
    }

    /**
     * What a run leaves for goals to judge: its history, and how many trace events of each
     * kind it emitted, by "EnclosingType.Record" name such as "ZabEvent.Elected" or
     * "ClientEvent.Disconnected" (see {@link TraceCounter}), and how many request faults of
     * each kind struck, by names such as "RequestFault.ReplyLost.create"
     * ({@link dev.zksim.client.RequestMatch#REPLY_LOST}).
     */
    public record Evidence(History history, Map<String, Integer> traceCounts) {
        public int count(String kind) {
            return traceCounts.getOrDefault(kind, 0);
        }
    }

    /** A goal judged on the history alone. */
    public static Goal onHistory(String name, Predicate<History> reached) {
        return new Goal(name, evidence -> reached.test(evidence.history()));
    }

    /** At least {@code times} trace events of this kind ("ZabEvent.Elected", "ProcessEvent.Crashed"). */
    public static Goal traced(String kind, int times, String name) {
        return new Goal(name, evidence -> evidence.count(kind) >= times);
    }

    /** Some op of this kind completed OK. */
    public static Goal completed(OpKind kind, String name) {
        return onHistory(name, history -> history.ops().stream().anyMatch(op -> op.type() == OpType.OK && op.f().equals(kind)));
    }

    /** Some op of this kind was recorded with this type (a FAIL, an INFO, or a notification). */
    public static Goal happened(OpKind kind, OpType type, String name) {
        return onHistory(name, history -> history.ops().stream().anyMatch(op -> op.type() == type && op.f().equals(kind)));
    }

    /** At least {@code processes} different processes completed an op of this kind OK. */
    public static Goal completedBy(OpKind kind, int processes, String name) {
        return onHistory(name, history -> {
            // Stops at the last process needed: most runs reach the count within their first ops.
            Set<String> completers = new LinkedHashSet<>();
            for (Op op : history.ops()) {
                if (op.type() == OpType.OK && op.f().equals(kind) && completers.add(op.process())
                        && completers.size() >= processes) {
                    return true;
                }
            }
            return processes <= 0;
        });
    }

    /**
     * Two processes had an op of this kind in flight at the same time: one invoked it while
     * another's invocation had not yet completed (contention).
     */
    public static Goal contended(OpKind kind, String name) {
        return onHistory(name, history -> {
            Set<String> pending = new LinkedHashSet<>();
            for (Op op : history.ops()) {
                if (!op.f().equals(kind)) {
                    continue;
                }
                if (op.type() == OpType.INVOKE) {
                    if (!pending.isEmpty() && !pending.contains(op.process())) {
                        return true;
                    }
                    pending.add(op.process());
                } else {
                    pending.remove(op.process());
                }
            }
            return false;
        });
    }

    /**
     * A process got a {@code notice} notification (SUSPENDED, LOST) while it held what
     * {@code acquire} gave it, before its {@code release}.
     */
    public static Goal noticeWhileHolding(OpKind acquire, OpKind release, OpKind notice, String name) {
        return onHistory(name, history -> {
            Map<String, Boolean> holding = new LinkedHashMap<>();
            for (Op op : history.ops()) {
                if (op.f().equals(acquire) && op.type() == OpType.OK) {
                    holding.put(op.process(), true);
                } else if (op.f().equals(release) && op.type() == OpType.INVOKE) {
                    holding.put(op.process(), false);
                } else if (op.f().equals(notice) && holding.getOrDefault(op.process(), false)) {
                    return true;
                }
            }
            return false;
        });
    }

    /**
     * A process gave a wait up: it invoked {@code release} while its {@code acquire} had not
     * completed (a lock waiter out of patience), or an op of kind {@code acquire} failed with
     * the note {@link Op#GAVE_UP} (a take or an enter given up).
     */
    public static Goal gaveUp(OpKind acquire, OpKind release, String name) {
        return onHistory(name, history -> {
            Set<String> waiting = new LinkedHashSet<>();
            for (Op op : history.ops()) {
                if (op.f().equals(acquire) && op.type() == OpType.FAIL && op.note().equals(Op.GAVE_UP)) {
                    return true;
                }
                if (op.f().equals(acquire)) {
                    if (op.type() == OpType.INVOKE) {
                        waiting.add(op.process());
                    } else {
                        waiting.remove(op.process());
                    }
                } else if (op.f().equals(release) && op.type() == OpType.INVOKE && waiting.contains(op.process())) {
                    return true;
                }
            }
            return false;
        });
    }

    /** Some value was returned OK by two ops of this kind (a queue item taken twice). */
    public static Goal repeated(OpKind kind, String name) {
        return onHistory(name, history -> {
            Set<Object> seen = new LinkedHashSet<>();
            return history.ops().stream().filter(op -> op.type() == OpType.OK && op.f().equals(kind))
                    .anyMatch(op -> !seen.add(op.value()));
        });
    }

    /**
     * At least {@code holders} processes held what {@code acquire} gives at the same time: a
     * hold starts when the acquire completes OK and ends when the process invokes
     * {@code release}, is told LOST, or crashes.
     */
    public static Goal heldTogether(OpKind acquire, OpKind release, int holders, String name) {
        return onHistory(name, history -> {
            Set<String> holding = new LinkedHashSet<>();
            for (Op op : history.ops()) {
                if (op.f().equals(acquire) && op.type() == OpType.OK) {
                    holding.add(op.process());
                    if (holding.size() >= holders) {
                        return true;
                    }
                } else if ((op.f().equals(release) && op.type() == OpType.INVOKE) || op.f().equals(OpKind.LOST)
                        || op.f().equals(OpKind.CRASHED)) {
                    holding.remove(op.process());
                }
            }
            return false;
        });
    }

    /**
     * Two processes had operations in flight at the same time, whatever their kinds: one
     * invoked an op while another's had not completed (for a program the testkit knows
     * nothing about, the least sign that its clients ran concurrently).
     */
    public static Goal overlapping(String name) {
        return onHistory(name, history -> {
            // In flight, by process and kind: a notification (an INFO nobody invoked) completes nothing.
            Map<List<Object>, Integer> inFlight = new LinkedHashMap<>();
            for (Op op : history.ops()) {
                List<Object> key = List.of(op.process(), op.f());
                if (op.type() == OpType.INVOKE) {
                    if (inFlight.keySet().stream().anyMatch(other -> !other.get(0).equals(op.process()))) {
                        return true;
                    }
                    inFlight.merge(key, 1, Integer::sum);
                } else {
                    inFlight.computeIfPresent(key, (ignored, count) -> count > 1 ? count - 1 : null);
                }
            }
            return false;
        });
    }

    /** The names of the goals this evidence reached, in declaration order. */
    public static List<String> reachedBy(List<Goal> goals, Evidence evidence) {
        return goals.stream().filter(goal -> goal.reached().test(evidence)).map(Goal::name).toList();
    }
}

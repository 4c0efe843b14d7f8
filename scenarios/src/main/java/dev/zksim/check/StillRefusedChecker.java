package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A client that still wants something must get it once the faults have healed. The workloads
 * ask again after a failed acquisition or join, so a process whose last such op failed a bound
 * or more after the heal has been refused for good. Without this check a recipe whose every
 * acquisition fails would pass: no two holders, no stale token, every op completed.
 *
 * <p>An op abandoned by its caller (an op of {@code abandoning} invoked while it was pending,
 * as a waiter's RELEASE when it gives up) is no refusal, and an op of {@code ending} (a lost
 * session, a crash, a leave) ends the process's wish until it asks again.
 */
public final class StillRefusedChecker implements Checker {
    private final String name;
    private final List<OpKind> wanted;
    private final List<OpKind> ending;
    private final List<OpKind> abandoning;
    private final long since;

    /**
     * @param wanted the ops a client must get (ACQUIRE, JOIN)
     * @param ending the ops after which the client no longer waits for them (LOST, CRASHED, LEAVE_GROUP)
     * @param abandoning the ops with which a client gives a pending one up (RELEASE)
     * @param since from when a failure counts as a refusal: the heal plus the liveness bound
     */
    public StillRefusedChecker(String name, List<OpKind> wanted, List<OpKind> ending, List<OpKind> abandoning,
            long since) {
        this.name = name;
        this.wanted = List.copyOf(wanted);
        this.ending = List.copyOf(ending);
        this.abandoning = List.copyOf(abandoning);
        this.since = since;
    }

    /** For a lock's, a semaphore's or a read/write lock's acquisitions, given up with a RELEASE. */
    public static StillRefusedChecker acquisitions(List<OpKind> acquisitions, long healTime, long bound) {
        return new StillRefusedChecker("acquisitions succeed after the heal", acquisitions,
                List.of(OpKind.LOST, OpKind.CRASHED), List.of(OpKind.RELEASE), healTime + bound);
    }

    /** For a queue's offers; a producer offers another item after one that certainly failed. */
    public static StillRefusedChecker offers(long healTime, long bound) {
        return new StillRefusedChecker("offers succeed after the heal", List.of(OpKind.ENQUEUE),
                List.of(OpKind.LOST, OpKind.CRASHED), List.of(), healTime + bound);
    }

    /** For a group's joins, from {@code since} on; leaving ends the wish too. */
    public static StillRefusedChecker joins(long since) {
        return new StillRefusedChecker("joins succeed after the heal", List.of(OpKind.JOIN),
                List.of(OpKind.LEAVE_GROUP, OpKind.LOST, OpKind.CRASHED), List.of(), since);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public CheckResult check(History history) {
        List<Op> refused = refused(history);
        if (refused.isEmpty()) {
            return CheckResult.valid(name);
        }
        List<String> described = refused.stream().map(Op::describe).toList();
        return CheckResult.liveness(name, history.endTime(), String.join("; ", described) + ": refused "
                + Op.seconds(since) + " or later, and asked for nothing it got since", refused);
    }

    /** The failures, at or after {@code since} and not abandoned, that are their process's last word. */
    List<Op> refused(History history) {
        Map<String, Op> last = new TreeMap<>();
        Set<String> pending = new TreeSet<>();
        Set<String> abandoned = new TreeSet<>();
        for (Op op : history) {
            String process = op.process();
            if (wanted.contains(op.f()) && op.isInvoke()) {
                pending.add(process);
                abandoned.remove(process);
            } else if (wanted.contains(op.f())) {
                pending.remove(process);
                boolean givenUp = op.type() == OpType.FAIL && abandoned.remove(process);
                if (!givenUp) {
                    last.put(process, op);
                }
            } else if (abandoning.contains(op.f()) && op.isInvoke() && pending.contains(process)) {
                abandoned.add(process);
            } else if (ending.contains(op.f())) {
                last.put(process, op);
            }
        }
        List<Op> refused = new ArrayList<>();
        for (Op op : last.values()) {
            if (wanted.contains(op.f()) && op.type() == OpType.FAIL && op.time() >= since) {
                refused.add(op);
            }
        }
        return refused;
    }
}

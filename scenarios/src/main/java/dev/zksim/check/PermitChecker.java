package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import java.util.ArrayList;
import java.util.List;

/**
 * "At no instant do more than N processes believe they hold a lease" (a counting semaphore of
 * N permits). A belief is a hold as {@link Holds} makes it: from an ACQUIRE ok to the
 * process's release, SUSPENDED, LOST or crash, or the commit of its session's closeSession;
 * a grant to a session already closed is no belief. The earliest grant that made N + 1
 * believed holders is reported, with the N holds it overlapped.
 *
 * <p>That no lease leaks (a crashed or expired holder's lease comes back) is a liveness
 * property: the semaphore scenario checks it by having N fresh clients take every permit
 * after the workload, within a bound after the heal.
 */
public final class PermitChecker implements Checker {
    private static final List<OpKind> ENDS = List.of(OpKind.RELEASE, OpKind.SUSPENDED, OpKind.LOST, OpKind.CRASHED);

    private final int permits;

    public PermitChecker(int permits) {
        if (permits < 1) {
            throw new IllegalArgumentException("a semaphore has at least one permit, not " + permits);
        }
        this.permits = permits;
    }

    @Override
    public String name() {
        return "at most " + permits + " lease holders (believed)";
    }

    @Override
    public CheckResult check(History history) {
        List<Hold> holds = Holds.of(history, List.of(OpKind.ACQUIRE), ENDS);
        // Holds are sorted by start; each grant is judged against the holds still open at it.
        for (int i = 0; i < holds.size(); i++) {
            Hold grant = holds.get(i);
            List<Hold> open = new ArrayList<>();
            for (int j = 0; j < i; j++) {
                Hold earlier = holds.get(j);
                if (earlier.endIndex() > grant.start().index() && !earlier.process().equals(grant.process())) {
                    open.add(earlier);
                }
            }
            if (open.size() >= permits) {
                return violation(grant, open);
            }
        }
        return CheckResult.valid(name());
    }

    private CheckResult violation(Hold grant, List<Hold> open) {
        List<String> held = open.stream().map(Hold::describe).toList();
        String explanation = grant.process() + " was granted a lease by " + grant.start().describe() + " while "
                + open.size() + " of " + permits + " were held:\n  " + String.join("\n  ", held);
        List<Op> ops = new ArrayList<>();
        open.forEach(hold -> ops.add(hold.start()));
        ops.add(grant.start());
        ops.sort((a, b) -> Long.compare(a.index(), b.index()));
        return CheckResult.safety(name(), grant.start().time(), explanation, ops);
    }
}

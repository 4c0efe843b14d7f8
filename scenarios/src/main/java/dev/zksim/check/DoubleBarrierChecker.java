package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The double barrier for exactly {@code participants} processes, one round. ENTER invoked
 * means the process arrived; ENTER OK means it starts computing; LEAVE invoked means it
 * finished computing; LEAVE OK means it left.
 *
 * <ul>
 *   <li>No one starts computing (ENTER OK) and no one leaves (LEAVE OK) before all
 *       participants were there at once: arrived (invoked ENTER) and not withdrawn. An ENTER
 *       that failed with the note {@code gave up} withdrew its arrival, as the testkit's
 *       contract promises of a cancelled enter; it counts again from its next ENTER. Once all
 *       were there at once the barrier may open, so later withdrawals do not matter.</li>
 *   <li>No one leaves while another participant that entered is still computing: when p's
 *       LEAVE completes, every process that completed ENTER, at any time, in an attempt it
 *       started before the barrier opened (the first ENTER OK), has invoked LEAVE, unless its
 *       session died (LOST or CRASHED anywhere in the history), which removes its node. A
 *       participant that gave an enter up and came back is a late joiner and holds nobody
 *       back: the barrier may have opened on its first arrival.</li>
 *   <li>A LEAVE that failed with the note {@code gave up} is a timed leave that ran out: the
 *       participant walked away without learning whether the others were done. That is no
 *       early leave (only LEAVE OK claims the others are done), and it holds nobody back,
 *       since it finished computing when it invoked LEAVE. Whether its node still holds the
 *       others back is the liveness check's to say.</li>
 * </ul>
 * With more processes than participants, late arrivals may legitimately enter after others
 * left, so give the checker the history of one round of exactly that many processes.
 */
public final class DoubleBarrierChecker implements Checker {
    private final int participants;

    public DoubleBarrierChecker(int participants) {
        if (participants < 1) {
            throw new IllegalArgumentException("a double barrier needs at least one participant");
        }
        this.participants = participants;
    }

    @Override
    public String name() {
        return "double barrier (" + participants + " participants)";
    }

    @Override
    public CheckResult check(History history) {
        SortedSet<String> arrived = new TreeSet<>();
        SortedSet<String> leaving = new TreeSet<>();
        long openedAt = -1;
        int mostAtOnce = 0;
        for (Op op : history) {
            if (op.f().equals(OpKind.ENTER) && op.isInvoke()) {
                arrived.add(op.process());
                mostAtOnce = Math.max(mostAtOnce, arrived.size());
            } else if (op.f().equals(OpKind.ENTER) && op.type() == OpType.FAIL && op.note().equals(Op.GAVE_UP)) {
                arrived.remove(op.process());
            } else if (op.f().equals(OpKind.LEAVE) && op.isInvoke()) {
                leaving.add(op.process());
            } else if ((op.f().equals(OpKind.ENTER) || op.f().equals(OpKind.LEAVE)) && op.isOk()
                    && mostAtOnce < participants) {
                return CheckResult.safety(name(), op.time(), op.describe() + " went through when only " + mostAtOnce
                        + " of " + participants + " participants had arrived " + arrived, List.of(op));
            } else if (op.f().equals(OpKind.ENTER) && op.isOk() && openedAt < 0) {
                openedAt = op.index();
            } else if (op.f().equals(OpKind.LEAVE) && op.isOk()) {
                List<String> computing = stillComputing(history, leaving, openedAt);
                if (!computing.isEmpty()) {
                    return CheckResult.safety(name(), op.time(), op.describe() + " left while " + computing
                            + " had entered and not yet started to leave", List.of(op));
                }
            }
        }
        return CheckResult.valid(name());
    }

    /**
     * Who entered, at any time, and has not started to leave. A participant that gave an
     * enter up and came back is a late joiner: the others may have opened the barrier on
     * its first arrival and be on their way out before its new node exists, so it holds
     * nobody back; nor does an enter started after the opening (the first ENTER OK,
     * {@code openedAt}).
     */
    private static List<String> stillComputing(History history, SortedSet<String> leaving, long openedAt) {
        SortedSet<String> entered = new TreeSet<>();
        SortedSet<String> died = new TreeSet<>();
        SortedSet<String> cameBack = new TreeSet<>();
        Map<String, Long> lastEnterInvoked = new TreeMap<>();
        for (Op op : history) {
            if (op.f().equals(OpKind.ENTER) && op.isInvoke()) {
                lastEnterInvoked.put(op.process(), op.index());
            } else if (op.f().equals(OpKind.ENTER) && op.type() == OpType.FAIL && op.note().equals(Op.GAVE_UP)) {
                cameBack.add(op.process());
            } else if (op.f().equals(OpKind.ENTER) && op.isOk() && !cameBack.contains(op.process())
                    && lastEnterInvoked.getOrDefault(op.process(), openedAt) < openedAt) {
                entered.add(op.process());
            } else if (op.f().equals(OpKind.LOST) || op.f().equals(OpKind.CRASHED)) {
                died.add(op.process());
            }
        }
        List<String> computing = new ArrayList<>();
        for (String process : entered) {
            if (!leaving.contains(process) && !died.contains(process)) {
                computing.add(process);
            }
        }
        return computing;
    }
}

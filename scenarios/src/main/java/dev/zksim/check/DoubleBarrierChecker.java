package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The double barrier for exactly {@code participants} processes, one round. ENTER invoked
 * means the process arrived; ENTER OK means it starts computing; LEAVE invoked means it
 * finished computing; LEAVE OK means it left.
 *
 * <ul>
 *   <li>No one starts computing (ENTER OK) and no one leaves (LEAVE OK) before all
 *       participants arrived (invoked ENTER).</li>
 *   <li>No one leaves while another participant that entered is still computing: when p's
 *       LEAVE completes, every process that ever completed ENTER has invoked LEAVE, unless its
 *       session died (LOST or CRASHED anywhere in the history), which removes its node.</li>
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
        for (Op op : history) {
            if (op.f().equals(OpKind.ENTER) && op.isInvoke()) {
                arrived.add(op.process());
            } else if (op.f().equals(OpKind.LEAVE) && op.isInvoke()) {
                leaving.add(op.process());
            } else if ((op.f().equals(OpKind.ENTER) || op.f().equals(OpKind.LEAVE)) && op.isOk()
                    && arrived.size() < participants) {
                return CheckResult.safety(name(), op.time(), op.describe() + " went through when only " + arrived.size()
                        + " of " + participants + " participants had arrived " + arrived, List.of(op));
            } else if (op.f().equals(OpKind.LEAVE) && op.isOk()) {
                List<String> computing = stillComputing(history, leaving);
                if (!computing.isEmpty()) {
                    return CheckResult.safety(name(), op.time(), op.describe() + " left while " + computing
                            + " had entered and not yet started to leave", List.of(op));
                }
            }
        }
        return CheckResult.valid(name());
    }

    private static List<String> stillComputing(History history, SortedSet<String> leaving) {
        SortedSet<String> entered = new TreeSet<>();
        SortedSet<String> died = new TreeSet<>();
        for (Op op : history) {
            if (op.f().equals(OpKind.ENTER) && op.isOk()) {
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

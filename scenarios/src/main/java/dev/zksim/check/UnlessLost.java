package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import java.util.List;
import java.util.TreeSet;

/**
 * A liveness checker judged only while some processes' sessions lived. A process whose
 * session expired keeps running with a dead handle, so the progress it alone could make (the
 * coordinator's lift, a worker's publication) is not owed once it is gone. The excuse, in any
 * of the processes or in all of them, is said in the checker's name.
 */
public final class UnlessLost implements Checker {
    private final List<String> processes;
    private final boolean all;
    private final Checker liveness;

    private UnlessLost(List<String> processes, boolean all, Checker liveness) {
        this.processes = List.copyOf(processes);
        this.all = all;
        this.liveness = liveness;
    }

    /** The checker, excused once every one of the processes has recorded LOST. */
    public static Checker all(List<String> processes, Checker liveness) {
        return new UnlessLost(processes, true, liveness);
    }

    /** The checker, excused once any of the processes has recorded LOST. */
    public static Checker any(List<String> processes, Checker liveness) {
        return new UnlessLost(processes, false, liveness);
    }

    @Override
    public String name() {
        return liveness.name() + (all ? " unless all of " : " unless any of ") + processes + " lost its session";
    }

    @Override
    public CheckResult check(History history) {
        TreeSet<String> lost = new TreeSet<>();
        for (Op op : history) {
            if (op.f().equals(OpKind.LOST) && processes.contains(op.process())) {
                lost.add(op.process());
            }
        }
        boolean excused = all ? lost.containsAll(processes) : !lost.isEmpty();
        return excused ? CheckResult.valid(name()) : liveness.check(history);
    }
}

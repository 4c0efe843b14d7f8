package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpPair;
import dev.zksim.history.OpType;
import dev.zksim.report.spacetime.OperationSpan;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns a history into the bars a space-time diagram draws under each client's lane: every
 * operation from invocation to completion, and every belief (holding a lock, leading) from
 * the grant to its end, judged as the exclusion checker judges it. The operations a failure
 * names as its evidence are marked, so the picture answers "what went wrong".
 */
public final class HistorySpans {
    private static final List<OpKind> GRANTS = List.of(OpKind.ACQUIRE, OpKind.READ_LOCK, OpKind.WRITE_LOCK,
            OpKind.ELECTED);
    private static final List<OpKind> ENDS = List.of(OpKind.RELEASE, OpKind.ABDICATED, OpKind.SUSPENDED,
            OpKind.LOST, OpKind.CRASHED);

    private HistorySpans() {
    }

    /**
     * @param evidence indices of the ops the failure involves (empty for a passing run)
     * @param end the run's end, where bars still open stop
     */
    public static List<OperationSpan> of(History history, Collection<Long> evidence, long end) {
        Set<Long> named = new TreeSet<>(evidence);
        List<OperationSpan> spans = new ArrayList<>();
        for (Hold hold : Holds.of(history, GRANTS, ENDS)) {
            boolean implicated = named.contains(hold.start().index())
                    || hold.end().map(op -> named.contains(op.index())).orElse(false);
            long to = hold.end().map(Op::time).orElse(end);
            spans.add(new OperationSpan(hold.process(), "holding " + hold.mode(), hold.start().time(), Math.max(to,
                    hold.start().time()), OperationSpan.Kind.HELD, implicated, hold.describe()));
        }
        for (OpPair pair : history.pairs()) {
            Op invoked = pair.invocation();
            boolean implicated = named.contains(invoked.index())
                    || pair.completion().map(op -> named.contains(op.index())).orElse(false);
            long to = pair.completion().map(Op::time).orElse(end);
            spans.add(new OperationSpan(pair.process(), pair.f().name(), invoked.time(), Math.max(to, invoked.time()),
                    kind(pair), implicated, describe(pair, end)));
        }
        return spans;
    }

    private static OperationSpan.Kind kind(OpPair pair) {
        if (pair.completion().isEmpty()) {
            return OperationSpan.Kind.OPEN;
        }
        OpType type = pair.completion().get().type();
        return switch (type) {
            case OK -> OperationSpan.Kind.OK;
            case FAIL -> OperationSpan.Kind.FAILED;
            case INFO, INVOKE -> OperationSpan.Kind.UNKNOWN;
        };
    }

    private static String describe(OpPair pair, long end) {
        String start = pair.invocation().describe();
        return pair.completion().map(op -> start + ", then " + op.type().word() + " at " + Op.seconds(op.time())
                        + " (#" + op.index() + ")" + (op.note().isEmpty() ? "" : ": " + op.note()))
                .orElse(start + ", no completion by " + Op.seconds(end));
    }
}

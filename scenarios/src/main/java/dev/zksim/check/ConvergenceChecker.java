package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpPair;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A watched value converges after the heal: every reader's last CONFIG_READ is the value of
 * the last CONFIG_WRITE, and was taken after both the heal and that write's completion (an
 * old read that happens to match proves nothing). The readers are named, so that one that
 * never read at all is caught too. A run whose last write never completed is not judged
 * here: the liveness checker reports the write.
 */
public final class ConvergenceChecker implements Checker {
    private final long healTime;
    private final List<String> readers;

    public ConvergenceChecker(long healTime, List<String> readers) {
        this.healTime = healTime;
        this.readers = List.copyOf(readers);
    }

    @Override
    public String name() {
        return "readers converge to the last write after heal";
    }

    @Override
    public CheckResult check(History history) {
        Optional<OpPair> lastWrite = history.pairs().stream()
                .filter(pair -> pair.invocation().f().equals(OpKind.CONFIG_WRITE)).reduce((first, second) -> second);
        if (lastWrite.isEmpty() || lastWrite.get().completion().filter(Op::isOk).isEmpty()) {
            return CheckResult.valid(name());
        }
        Op written = lastWrite.get().completion().get();
        long since = Math.max(healTime, written.time());
        Map<String, Op> lastRead = new LinkedHashMap<>();
        for (Op op : history) {
            if (op.f().equals(OpKind.CONFIG_READ) && op.isOk()) {
                lastRead.put(op.process(), op);
            }
        }
        List<String> problems = new ArrayList<>();
        List<Op> ops = new ArrayList<>(List.of(written));
        for (String reader : readers) {
            Op read = lastRead.get(reader);
            if (read == null || read.time() < since) {
                problems.add(reader + " reported no value since " + Op.seconds(since));
            } else if (!read.value().equals(written.value())) {
                problems.add(read.describe() + " is not the last write " + written.describe());
                ops.add(read);
            }
        }
        if (problems.isEmpty()) {
            return CheckResult.valid(name());
        }
        return CheckResult.liveness(name(), history.endTime(), String.join("; ", problems), ops);
    }
}

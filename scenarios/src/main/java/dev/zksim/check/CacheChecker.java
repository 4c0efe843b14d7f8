package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpPair;
import dev.zksim.history.OpType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Readers' caches of a directory with one writer, whose every write has data of its own:
 * <ul>
 *   <li>a cache never holds, nor tells its listener of, data that no write gave that child, data
 *       of a write that failed, or a child's data older than the newest it showed of that child
 *       (older for sure: that write completed before the newer one began), across the reader's
 *       sessions, until the reader builds a new cache (safety);</li>
 *   <li>once the faults have healed and the writer's reads of the whole directory agree, every
 *       reader's cache converges to it twice over: what its listener was told, applied in
 *       order from the reader's last new cache, and the last snapshot it held, taken after
 *       both the heal and the first of those agreeing reads (liveness).</li>
 * </ul>
 * Writes that failed or never answered are not needed: the writer's reads say where the
 * directory ended. A run in which the writer never read the directory is not judged here.
 */
public final class CacheChecker implements Checker {
    private final long healTime;
    private final List<String> readers;

    public CacheChecker(long healTime, List<String> readers) {
        this.healTime = healTime;
        this.readers = List.copyOf(readers);
    }

    @Override
    public String name() {
        return "cache";
    }

    @Override
    public CheckResult check(History history) {
        CheckResult safety = checkSafety(history);
        return safety.isValid() ? checkConvergence(history) : safety;
    }

    /** One write of the writer: its child and data, and the history indices of its invocation and OK completion. */
    private record Written(String child, String data, long invokedAt, long completedAt, boolean failed) {
    }

    /** What each reader's cache showed last of each child: the newest write, by invocation, per process and child. */
    private static final class Newest {
        private final Map<String, Map<String, Written>> byProcess = new LinkedHashMap<>();

        Map<String, Written> of(String process) {
            return byProcess.computeIfAbsent(process, key -> new LinkedHashMap<>());
        }

        void forget(String process) {
            byProcess.remove(process);
        }
    }

    private CheckResult checkSafety(History history) {
        Map<String, Written> writes = writesByData(history);
        Newest told = new Newest();
        Newest held = new Newest();
        for (Op op : history) {
            if (op.f().equals(OpKind.CACHE_START)) {
                told.forget(op.process());
                held.forget(op.process());
            } else if (op.f().equals(OpKind.CACHE_PUT)) {
                Optional<String> problem = CacheOps.Put.of(op.value())
                        .flatMap(put -> judge(writes, told.of(op.process()), op, put.child(), put.data()));
                if (problem.isPresent()) {
                    return safetyResult(op, "told its listener " + problem.get());
                }
            } else if (op.f().equals(OpKind.CACHE_VIEW)) {
                for (Map.Entry<String, String> entry : CacheOps.directory(op.value()).entrySet()) {
                    Optional<String> problem = judge(writes, held.of(op.process()), op, entry.getKey(), entry.getValue());
                    if (problem.isPresent()) {
                        return safetyResult(op, "holds " + problem.get());
                    }
                }
            }
        }
        return CheckResult.valid(name());
    }

    private static Map<String, Written> writesByData(History history) {
        Map<String, Written> writes = new LinkedHashMap<>();
        for (OpPair pair : history.pairs()) {
            Op invocation = pair.invocation();
            Optional<CacheOps.Write> write = CacheOps.Write.of(invocation);
            if (write.isPresent() && write.get().data().isPresent()) {
                String data = write.get().data().get();
                Optional<Op> completion = pair.completion();
                long completedAt = completion.filter(Op::isOk).map(Op::index).orElse(Long.MAX_VALUE);
                boolean failed = completion.filter(done -> done.type() == OpType.FAIL).isPresent();
                writes.put(data, new Written(write.get().child(), data, invocation.index(), completedAt, failed));
            }
        }
        return writes;
    }

    /**
     * What is wrong with a cache showing {@code child=data} at {@code op}, if anything: data no
     * write gave that child by then, data of a write that failed, or data older than the newest
     * this cache showed of the child, older for sure: its write completed before the newer
     * one's began, so the newer one was committed after it.
     */
    private static Optional<String> judge(Map<String, Written> writes, Map<String, Written> newest, Op op, String child,
            String data) {
        Written write = writes.get(data);
        String shown = child + "=" + data;
        if (write == null || write.invokedAt() > op.index()) {
            return Optional.of(shown + ", data no write had given it by then");
        } else if (!write.child().equals(child)) {
            return Optional.of(shown + ", data written to " + write.child() + ", not to " + child);
        } else if (write.failed()) {
            return Optional.of(shown + ", data of a write that failed");
        }
        Written before = newest.get(child);
        if (before != null && write.completedAt() < before.invokedAt()) {
            return Optional.of(shown + " after " + child + "=" + before.data() + ", although " + data
                    + "'s write had completed before " + before.data() + "'s began: the cache went back");
        }
        if (before == null || write.invokedAt() > before.invokedAt()) {
            newest.put(child, write);
        }
        return Optional.empty();
    }

    private CheckResult safetyResult(Op op, String what) {
        return CheckResult.safety(name(), op.time(), op.describe() + ": the cache " + what, List.of(op));
    }

    private CheckResult checkConvergence(History history) {
        Optional<Op> settled = settledDirectory(history);
        if (settled.isEmpty()) {
            return CheckResult.valid(name());
        }
        SortedMap<String, String> directory = CacheOps.directory(settled.get().value());
        long since = Math.max(healTime, settled.get().time());
        List<String> problems = new ArrayList<>();
        for (String reader : readers) {
            listenerProblem(history, reader, directory).ifPresent(problems::add);
            snapshotProblem(history, reader, directory, since).ifPresent(problems::add);
        }
        if (problems.isEmpty()) {
            return CheckResult.valid(name());
        }
        return CheckResult.liveness(name(), history.endTime(), "the directory ended as " + directory + " (read by "
                + settled.get().describe() + "), but " + String.join("; ", problems), List.of(settled.get()));
    }

    /** The first of the writer's last run of equal reads of the directory, if it read it at all. */
    private static Optional<Op> settledDirectory(History history) {
        Op first = null;
        for (Op op : history) {
            if (op.f().equals(OpKind.CACHE_AUDIT) && op.isOk()
                    && (first == null || !Objects.equals(first.value(), op.value()))) {
                first = op;
            }
        }
        return Optional.ofNullable(first);
    }

    /** Whether what the reader's listener was told, from its last new cache on, adds up to the directory. */
    private static Optional<String> listenerProblem(History history, String reader, SortedMap<String, String> directory) {
        SortedMap<String, String> told = new TreeMap<>();
        for (Op op : history) {
            if (!op.process().equals(reader)) {
                continue;
            }
            if (op.f().equals(OpKind.CACHE_START)) {
                told.clear();
            } else if (op.f().equals(OpKind.CACHE_PUT)) {
                CacheOps.Put.of(op.value()).ifPresent(put -> told.put(put.child(), put.data()));
            } else if (op.f().equals(OpKind.CACHE_REMOVE)) {
                told.remove(op.value().toString());
            }
        }
        return told.equals(directory) ? Optional.empty()
                : Optional.of(reader + "'s listener was told " + told + " (" + difference(told, directory) + ")");
    }

    private static Optional<String> snapshotProblem(History history, String reader, SortedMap<String, String> directory,
            long since) {
        Op last = null;
        for (Op op : history) {
            if (op.process().equals(reader) && op.f().equals(OpKind.CACHE_VIEW)) {
                last = op;
            }
        }
        if (last == null || last.time() < since) {
            return Optional.of(reader + "'s cache held nothing it could show since " + Op.seconds(since));
        }
        SortedMap<String, String> held = CacheOps.directory(last.value());
        return held.equals(directory) ? Optional.empty()
                : Optional.of(reader + "'s cache held " + held + " at " + Op.seconds(last.time()) + " ("
                        + difference(held, directory) + ")");
    }

    /** What a view has wrong against the directory, child by child. */
    private static String difference(SortedMap<String, String> view, SortedMap<String, String> directory) {
        List<String> wrong = new ArrayList<>();
        TreeSet<String> children = new TreeSet<>(view.keySet());
        children.addAll(directory.keySet());
        for (String child : children) {
            String had = view.get(child);
            String is = directory.get(child);
            if (!Objects.equals(had, is)) {
                wrong.add(child + ": " + (had == null ? "missing" : had) + " instead of " + (is == null ? "gone" : is));
            }
        }
        return String.join(", ", wrong);
    }
}

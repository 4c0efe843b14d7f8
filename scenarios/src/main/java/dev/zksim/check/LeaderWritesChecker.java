package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A controller's shared state, judged in the state znode's own version order: the term of
 * the leader that wrote each version never goes back to an older leader's. A term begins at
 * an ELECTED op and is named by its index, so terms are ordered as leaders were told they
 * lead; writes carry their term (STATE_WRITE OK: term, n, version) and so does what readers
 * read (STATE_READ OK: version, term, n, writer).
 *
 * <ul>
 *   <li>A stale write: a write the servers accepted from a leader after a newer leader had
 *       written, i.e. at a higher version than one of a later term. This is the zombie's
 *       write that fencing (a multi that checks the leader's own node or an epoch node)
 *       would have refused.</li>
 *   <li>The state went back: a reader read a version holding an older leader's write than an
 *       earlier version held. It catches a stale write whose reply was lost.</li>
 * </ul>
 *
 * Comparing versions rather than moments is what lets a reader on a new session at a lagging
 * follower read without sync: it may read an older version, which ZooKeeper allows, and that
 * is not the state going back. Writes of one process are not compared with each other: a
 * leader that reconnects and is told again that it leads begins a new term of its own.
 */
public final class LeaderWritesChecker implements Checker {

    @Override
    public String name() {
        return "leader writes (no stale write, the state never goes back)";
    }

    /** What one version of the state held, and the op that showed it (a write's OK rather than a read). */
    private record Version(long version, long term, long n, String writer, Op shownBy) {

        boolean isWrite() {
            return shownBy.f().equals(OpKind.STATE_WRITE);
        }
    }

    @Override
    public CheckResult check(History history) {
        Map<Long, Op> terms = new TreeMap<>();
        Map<Long, Version> versions = new TreeMap<>();
        for (Op op : history) {
            if (op.f().equals(OpKind.ELECTED) && op.isOk()) {
                terms.put(op.index(), op);
            } else if (op.isOk() && op.f().equals(OpKind.STATE_WRITE)) {
                List<Value> v = op.value().elements();
                versions.put(v.get(2).asLong(), new Version(v.get(2).asLong(), v.get(0).asLong(), v.get(1).asLong(),
                        op.process(), op));
            } else if (op.isOk() && op.f().equals(OpKind.STATE_READ)) {
                List<Value> v = op.value().elements();
                versions.putIfAbsent(v.get(0).asLong(), new Version(v.get(0).asLong(), v.get(1).asLong(),
                        v.get(2).asLong(), v.get(3).asText(), op));
            }
        }
        Map<String, Version> newestByWriter = new TreeMap<>();
        for (Version version : versions.values()) {
            if (version.term() < 0) {
                continue;
            }
            Version newer = newestOfOthers(newestByWriter, version);
            if (newer != null && newer.term() > version.term()) {
                return violation(version, newer, terms);
            }
            newestByWriter.merge(version.writer(), version, (old, now) -> now.term() > old.term() ? now : old);
        }
        return CheckResult.valid(name());
    }

    /** The version of the newest term among the versions so far that other writers wrote. */
    private static Version newestOfOthers(Map<String, Version> newestByWriter, Version version) {
        Version newest = null;
        for (Version other : newestByWriter.values()) {
            if (!other.writer().equals(version.writer()) && (newest == null || other.term() > newest.term())) {
                newest = other;
            }
        }
        return newest;
    }

    private CheckResult violation(Version stale, Version newer, Map<Long, Op> terms) {
        String staleTerm = describeTerm(stale, terms);
        String newerTerm = describeTerm(newer, terms);
        String explanation = stale.isWrite()
                ? "stale write: " + staleTerm + " was accepted as version " + stale.version() + " by "
                        + stale.shownBy().describe() + ", after " + newerTerm + " had written version " + newer.version()
                : "the state went back: " + stale.shownBy().describe() + " read version " + stale.version() + ", "
                        + staleTerm + ", after version " + newer.version() + " held " + newerTerm;
        List<Op> ops = new ArrayList<>();
        for (Version version : List.of(newer, stale)) {
            Op elected = terms.get(version.term());
            if (elected != null && !ops.contains(elected)) {
                ops.add(elected);
            }
        }
        ops.add(newer.shownBy());
        ops.add(stale.shownBy());
        ops.sort((a, b) -> Long.compare(a.index(), b.index()));
        return CheckResult.safety(name(), stale.shownBy().time(), explanation, ops);
    }

    /** "write 3 of c1, leader since c1 ELECTED ok 4 at 1.2s (#16)". */
    private static String describeTerm(Version version, Map<Long, Op> terms) {
        Op elected = terms.get(version.term());
        String since = elected == null ? "the term of #" + version.term() : elected.describe();
        return "write " + version.n() + " of " + version.writer() + ", leader since " + since;
    }
}

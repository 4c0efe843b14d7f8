package dev.zksim.recipes.rwlock;

import dev.zksim.recipes.lock.LockDecision;
import dev.zksim.recipes.lock.LockRules;
import dev.zksim.recipes.support.SequentialName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The pure decision functions of the shared lock. Readers' and writers' nodes share the
 * directory's one counter, so they are ordered by it across the two prefixes.
 *
 * <p>A downgrade (a writer takes the read lock, then lets the write lock go) makes a read node
 * whose role names the sequence number of the write node it comes from,
 * {@code <guid>-from<origin>-read-}. It stands in the queue where that write node stood: it is
 * ordered by the origin's number, just after the write node itself, so writers that queued
 * behind the write node wait for the downgraded reader too, and it does not wait for its own
 * write node. Without that, a writer queued between the write node and the new read node
 * would take the lock as soon as the write node goes, while the downgraded reader still reads.
 */
public final class ReadWriteRules {
    /** The role part of a reader's node name. */
    public static final String READ = "read";
    /** The role part of a writer's node name. */
    public static final String WRITE = "write";

    private ReadWriteRules() {
    }

    private static final String FROM = "-from";
    private static final int DIGITS = 10;

    /** The role part of a read node made by a downgrade from the write node with that sequence number. */
    public static String downgradeRole(long origin) {
        String digits = Long.toString(origin);
        return "from" + "0".repeat(Math.max(0, DIGITS - digits.length())) + digits + "-" + READ;
    }

    /** The sequence number of the write node a downgraded read node comes from, or -1 for any other node. */
    public static long origin(SequentialName name) {
        String prefix = name.prefix();
        String tail = "-" + READ + "-";
        int at = prefix.length() - tail.length() - DIGITS - FROM.length();
        if (!prefix.endsWith(tail) || at < 0 || !prefix.startsWith(FROM, at)) {
            return -1;
        }
        return SequentialName.counterOf(prefix.substring(0, prefix.length() - tail.length()));
    }

    /** Where a node stands in the queue: a downgraded read node where its write node stood. */
    private static long position(SequentialName name) {
        long origin = origin(name);
        return origin >= 0 ? origin : name.sequence();
    }

    /** The listing in queue order: by position, then by the node's own counter. */
    public static List<SequentialName> ordered(List<String> children) {
        List<SequentialName> sorted = new ArrayList<>(SequentialName.sorted(children));
        sorted.sort(Comparator.comparingLong(ReadWriteRules::position).thenComparingLong(SequentialName::sequence));
        return sorted;
    }

    /** True if the node was made by a writer: its prefix ends in {@code -write-}. */
    public static boolean isWrite(SequentialName name) {
        return name.prefix().endsWith("-" + WRITE + "-");
    }

    /**
     * A reader holds if no writer's node has a lower sequence number; otherwise it watches
     * the writer's node with the next-lower sequence number. Readers below it never block it.
     */
    public static LockDecision read(List<String> children, String me) {
        List<SequentialName> sorted = ordered(children);
        int index = LockRules.indexOf(sorted, me);
        if (index < 0) {
            return new LockDecision.NotQueued();
        }
        long own = origin(sorted.get(index));
        for (int i = index - 1; i >= 0; i--) {
            if (isWrite(sorted.get(i)) && sorted.get(i).sequence() != own) {
                return new LockDecision.Watch(sorted.get(i).name());
            }
        }
        return new LockDecision.Acquired();
    }

    /**
     * A writer holds if no node of either kind stands before it; otherwise it watches the node
     * just before it, exactly like the exclusive lock (a downgraded read node stands where its
     * write node stood).
     */
    public static LockDecision write(List<String> children, String me) {
        if (children.stream().noneMatch(child -> child.contains(FROM))) {
            return LockRules.exclusive(children, me);
        }
        List<SequentialName> sorted = ordered(children);
        int index = LockRules.indexOf(sorted, me);
        if (index < 0) {
            return new LockDecision.NotQueued();
        }
        return index == 0 ? new LockDecision.Acquired() : new LockDecision.Watch(sorted.get(index - 1).name());
    }
}

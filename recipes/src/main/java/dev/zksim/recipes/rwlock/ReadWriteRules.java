package dev.zksim.recipes.rwlock;

import dev.zksim.recipes.lock.LockDecision;
import dev.zksim.recipes.lock.LockRules;
import dev.zksim.recipes.support.SequentialName;
import java.util.List;

/**
 * The pure decision functions of the shared lock. Readers' and writers' nodes share the
 * directory's one counter, so they are ordered by it across the two prefixes.
 */
public final class ReadWriteRules {
    /** The role part of a reader's node name. */
    public static final String READ = "read";
    /** The role part of a writer's node name. */
    public static final String WRITE = "write";

    private ReadWriteRules() {
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
        List<SequentialName> sorted = SequentialName.sorted(children);
        int index = LockRules.indexOf(sorted, me);
        if (index < 0) {
            return new LockDecision.NotQueued();
        }
        for (int i = index - 1; i >= 0; i--) {
            if (isWrite(sorted.get(i))) {
                return new LockDecision.Watch(sorted.get(i).name());
            }
        }
        return new LockDecision.Acquired();
    }

    /**
     * A writer holds if no node of either kind has a lower sequence number; otherwise it
     * watches the next-lower node of either kind, exactly like the exclusive lock.
     */
    public static LockDecision write(List<String> children, String me) {
        return LockRules.exclusive(children, me);
    }
}

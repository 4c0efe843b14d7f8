package dev.zksim.recipes.lock;

import java.util.List;

/**
 * A pure decision function of a sequential lock: from the directory's children (unsorted,
 * as getChildren returns them) and the caller's own child name, decide whether the caller
 * holds the lock or which node it waits for. No I/O, no state: tested exhaustively alone.
 */
@FunctionalInterface
public interface LockRule {
    LockDecision decide(List<String> children, String me);
}

package com.example.coordination;

import dev.zksim.api.ZooKeeperClient;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * A user's own exclusive lock, as an application team might write it: the recipes page's
 * lock with sequential ephemeral nodes, where each waiter watches only its predecessor
 * ({@link SequenceLock} does the node handling; this class says whose turn it is).
 * It is written against zksim's asynchronous client API, which also runs on a real cluster.
 *
 * <p>{@code recheck = false} builds the classic bug: a waiter whose predecessor goes assumes
 * it is now the lowest, which is wrong when the predecessor was a waiter that gave up.
 */
public final class SimpleLock {
    /** What the lock tells its owner unasked. */
    public interface Listener extends SequenceLock.Listener {
    }

    /** The lowest node holds; every other node watches the one just before it. */
    static final SequenceLock.Rule LOWEST_HOLDS = (children, mine) -> {
        List<String> sorted = ZkNodes.bySequence(children);
        int index = sorted.indexOf(mine);
        if (index < 0) {
            return SequenceLock.Turn.GONE;
        }
        return index == 0 ? SequenceLock.Turn.HOLD : SequenceLock.Turn.watch(sorted.get(index - 1));
    };

    private final SequenceLock lock;

    public SimpleLock(ZooKeeperClient zk, String dir, String owner, boolean recheck, Listener listener) {
        this.lock = new SequenceLock(zk, dir, owner, "", LOWEST_HOLDS, recheck, listener);
    }

    /** Completes with the fencing token once held; fails if the session is lost or release() comes first. */
    public CompletionStage<Long> acquire() {
        return lock.acquire();
    }

    /** Gives the lock up, or abandons the acquisition in progress. */
    public CompletionStage<Void> release() {
        return lock.release();
    }

    /** The connection changed; {@code connected} false means suspended, and {@code lost} that the session is gone. */
    public void connectionChanged(boolean connected, boolean lost) {
        lock.connectionChanged(connected, lost);
    }
}

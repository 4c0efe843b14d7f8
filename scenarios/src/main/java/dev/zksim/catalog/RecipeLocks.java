package dev.zksim.catalog;

import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.lock.DistributedLock;
import dev.zksim.recipes.lock.Grant;
import dev.zksim.recipes.lock.LockListener;
import dev.zksim.recipes.support.ConnectionStates;
import dev.zksim.testkit.HolderEvents;
import dev.zksim.testkit.LockUnderTest;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * zksim's own locks (the herd-free lock, its contrasts and canaries, either side of the
 * read/write lock, the revocable lock) as {@link LockUnderTest}: the catalogue passes them to
 * the testkit's builders exactly as a user passes theirs.
 */
public final class RecipeLocks {

    private RecipeLocks() {
    }

    /** How one of zksim's lock classes is built. */
    @FunctionalInterface
    public interface Maker {
        DistributedLock make(ZooKeeperClient zk, ConnectionStates states, String guid, LockListener listener);
    }

    /** The testkit factory for a lock class of this repository. */
    public static LockUnderTest.Factory of(Maker maker) {
        return (client, events) -> new Adapter(maker, client.zk(), client.connection(), client.uniqueName(), events);
    }

    /**
     * A lock made re-entrant by a hold count, as Curator's InterProcessMutex counts holds per
     * thread: a nested acquire completes at once with the held grant's token, and only the
     * release that matches the first acquire releases the lock.
     */
    public static LockUnderTest.Factory reentrant(LockUnderTest.Factory inner) {
        return (client, events) -> new Reentrant(inner.create(client, events), true, true);
    }

    /**
     * CANARY, BROKEN ON PURPOSE: a lock that answers a nested acquire at once but keeps no
     * count, so the nested release lets the lock go while its holder still holds it. Declared
     * re-entrant ({@code declared}), the workload nests acquires and the lock is seen granted
     * to another holder meanwhile; declared otherwise, it never nests, and the same lock passes.
     */
    public static LockUnderTest.Factory reentrantUncountedCanary(LockUnderTest.Factory inner, boolean declared) {
        return (client, events) -> new Reentrant(inner.create(client, events), false, declared);
    }

    /** The grant a lock of this repository holds now, through a hold count if it has one; empty for any other lock. */
    public static Optional<Grant> grantOf(LockUnderTest lock) {
        return switch (lock) {
            case Reentrant counted -> grantOf(counted.lock);
            case Adapter adapter -> adapter.lock.grant();
            default -> Optional.empty();
        };
    }

    /** A hold count over a lock; without {@code counts}, the canary's: every release lets go. */
    private static final class Reentrant implements LockUnderTest {
        private final LockUnderTest lock;
        private final boolean counts;
        private final boolean declared;
        private int holds;
        private long token;

        Reentrant(LockUnderTest lock, boolean counts, boolean declared) {
            this.lock = lock;
            this.counts = counts;
            this.declared = declared;
        }

        @Override
        public CompletionStage<Long> acquire() {
            if (holds > 0) {
                holds++;
                return CompletableFuture.completedFuture(token);
            }
            return lock.acquire().thenApply(granted -> {
                holds = 1;
                token = granted;
                return granted;
            });
        }

        @Override
        public CompletionStage<Void> release() {
            if (counts && holds > 1) {
                holds--;
                return CompletableFuture.completedFuture(null);
            }
            holds = 0;
            return lock.release();
        }

        @Override
        public boolean reentrant() {
            return declared;
        }
    }

    /** Turns the lock's state changes into the testkit's holder events. */
    private static final class Adapter implements LockUnderTest {
        private final DistributedLock lock;

        Adapter(Maker maker, ZooKeeperClient zk, ConnectionStates states, String guid, HolderEvents events) {
            DistributedLock[] built = new DistributedLock[1];
            this.lock = maker.make(zk, states, guid, state -> {
                switch (state) {
                    case HELD -> built[0].grant().ifPresent(grant -> events.held(grant.fencingToken()));
                    case SUSPENDED -> events.suspended();
                    case LOST -> events.lost();
                    case RELEASED -> events.released();
                    case WAITING -> {
                    }
                }
            });
            built[0] = lock;
        }

        @Override
        public CompletionStage<Long> acquire() {
            return lock.acquire().thenApply(Grant::fencingToken);
        }

        @Override
        public CompletionStage<Void> release() {
            return lock.release();
        }
    }
}

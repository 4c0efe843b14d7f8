package dev.zksim.catalog;

import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.lock.DistributedLock;
import dev.zksim.recipes.lock.Grant;
import dev.zksim.recipes.lock.LockListener;
import dev.zksim.recipes.support.ConnectionStates;
import dev.zksim.testkit.HolderEvents;
import dev.zksim.testkit.LockUnderTest;
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

package dev.zksim.official.testkit;

import dev.zksim.testkit.HolderEvents;
import dev.zksim.testkit.LockUnderTest;
import dev.zksim.testkit.ReadWriteLockScenario;
import dev.zksim.testkit.TestClient;
import java.util.concurrent.CompletionStage;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.framework.recipes.locks.InterProcessReadWriteLock;

/**
 * A Curator {@code InterProcessReadWriteLock} whose writers downgrade
 * ({@link CuratorTestkit#readWriteLockWithDowngrades}). Curator grants the read lock at once to
 * the thread that owns the write lock of the same lock object, so the writer's read side must
 * be that object's, and its calls must run on the writer's own thread.
 */
final class CuratorDowngrades implements ReadWriteLockScenario.Factory {
    private final String path;

    CuratorDowngrades(String path) {
        this.path = path;
    }

    @Override
    public LockUnderTest readLock(TestClient client, HolderEvents events) {
        return CuratorTestkit.lock(curator -> ReadWriteSides.readLock(curator, path)).create(client, events);
    }

    @Override
    public LockUnderTest writeLock(TestClient client, HolderEvents events) {
        return new WriteSide(client, events);
    }

    @Override
    public boolean downgrades() {
        return true;
    }

    @Override
    public LockUnderTest readLockWhileWriting(LockUnderTest writeLock, TestClient client, HolderEvents events) {
        if (!(writeLock instanceof WriteSide writer)) {
            throw new IllegalArgumentException("a downgrade needs the write side this factory made, got " + writeLock);
        }
        return writer.readSide(events);
    }

    /** The write side of one lock object, which hands out that object's read side on the same thread. */
    private final class WriteSide implements LockUnderTest {
        private final TestClient client;
        private final CallRunner ownerThread;
        private final CuratorTestkit.LazyCurator curator;
        private final LockUnderTest write;
        /** Made on the owner thread by the first acquire of either side: Curator needs a started framework. */
        private InterProcessReadWriteLock lock;

        WriteSide(TestClient client, HolderEvents events) {
            SimulatedClient official = SimulatedClient.of(client);
            this.client = client;
            this.ownerThread = new OwnerThread(official, "lock-owner");
            this.curator = new CuratorTestkit.LazyCurator(official);
            this.write = adapter(events, "writeLock");
        }

        LockUnderTest readSide(HolderEvents events) {
            return adapter(events, "readLock");
        }

        private LockUnderTest adapter(HolderEvents events, String side) {
            return new BlockingLockAdapter(ownerThread,
                    CuratorTestkit.blockingLock(curator, framework -> side(framework, side)), events, client.connection());
        }

        private InterProcessMutex side(CuratorFramework framework, String side) {
            if (lock == null) {
                lock = new InterProcessReadWriteLock(framework, path);
            }
            return ReadWriteSides.side(lock, side);
        }

        @Override
        public CompletionStage<Long> acquire() {
            return write.acquire();
        }

        @Override
        public CompletionStage<Void> release() {
            return write.release();
        }
    }
}

package dev.zksim.catalog;

import dev.zksim.recipes.lock.DistributedLock;
import dev.zksim.recipes.lock.ExclusiveLock;
import dev.zksim.recipes.lock.Grant;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.HolderEvents;
import dev.zksim.testkit.LockUnderTest;
import dev.zksim.testkit.TestClient;
import java.util.concurrent.CompletionStage;

/**
 * A canary of the delayed close: zksim's lock wrapped in connection handling that, after a
 * holder's session expired, checks whether its old lock node still exists and, finding it,
 * resumes the grant on the new session (as code that trusts a node it finds by its own
 * GUID does). The check looks careful, and it is right as long as a session's ephemerals are
 * gone by the time its client hears Expired, which is what almost always happens. When the
 * closeSession commits late, the client hears Expired first, finds the old node, and believes
 * it holds the lock until the close deletes that node and the next waiter takes the lock:
 * two holders. Only a plan with {@code delay-close} shows it.
 */
final class AdoptOwnNodeLock implements LockUnderTest {
    private final TestClient client;
    private final HolderEvents events;
    private final DistributedLock lock;
    private Grant held;
    private Grant lost;

    private AdoptOwnNodeLock(TestClient client, HolderEvents events, String dir) {
        this.client = client;
        this.events = events;
        DistributedLock[] built = new DistributedLock[1];
        this.lock = new ExclusiveLock(client.zk(), client.connection(), dir, client.uniqueName(), state -> {
            switch (state) {
                case HELD -> built[0].grant().ifPresent(this::held);
                case SUSPENDED -> events.suspended();
                case LOST -> lost();
                case RELEASED -> {
                    held = null;
                    events.released();
                }
                case WAITING -> {
                }
            }
        });
        built[0] = lock;
        client.connection().subscribe(state -> {
            if (state == ConnectionState.CONNECTED && lost != null) {
                resumeIfTheNodeSurvived(lost);
                lost = null;
            }
        });
    }

    /** The canary's factory: zksim's exclusive lock over {@code dir}, with the flawed resumption. */
    static LockUnderTest.Factory over(String dir) {
        return (client, events) -> new AdoptOwnNodeLock(client, events, dir);
    }

    private void held(Grant grant) {
        held = grant;
        events.held(grant.fencingToken());
    }

    private void lost() {
        lost = held;
        held = null;
        events.lost();
    }

    /** Asked first thing on the new session, so it is answered before the lock's own cleanup runs. */
    private void resumeIfTheNodeSurvived(Grant grant) {
        client.zk().exists(grant.node(), false).thenAccept(stat -> {
            if (stat != null && stat.czxid() == grant.fencingToken() && held == null) {
                held(grant);
            }
        });
    }

    @Override
    public CompletionStage<Long> acquire() {
        return lock.acquire().thenApply(Grant::fencingToken);
    }

    @Override
    public CompletionStage<Void> release() {
        // The workload releases after LOST too; the lost grant stays remembered for the new session.
        held = null;
        return lock.release();
    }
}

package dev.zksim.catalog;

import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.HolderEvents;
import dev.zksim.testkit.LockUnderTest;
import dev.zksim.testkit.TestClient;
import java.util.concurrent.CompletionStage;

/**
 * A canary: zksim's lock wrapped in connection handling that mistakes a new session for a
 * reconnect. A holder told LOST remembers its grant, and when the connection state next says
 * CONNECTED it announces the grant again, as if the node had survived a short disconnect. That
 * is right after SUSPENDED (same session, node intact) and wrong after LOST: the new session
 * owns no node, and another client may hold the lock by then. The bug can only show once a
 * client opens a new session in the same process after {@code Expired}, which is what the
 * testkit's workloads do.
 */
final class ResumeAfterExpiryLock implements LockUnderTest {
    private final LockUnderTest lock;
    private long rememberedToken;
    private boolean lostWhileHolding;

    private ResumeAfterExpiryLock(TestClient client, HolderEvents events, LockUnderTest.Factory inner) {
        this.lock = inner.create(client, new HolderEvents() {
            @Override
            public void held(long token) {
                rememberedToken = token;
                events.held(token);
            }

            @Override
            public void suspended() {
                events.suspended();
            }

            @Override
            public void lost() {
                lostWhileHolding = rememberedToken != 0;
                events.lost();
            }

            @Override
            public void released() {
                rememberedToken = 0;
                events.released();
            }
        });
        client.connection().subscribe(state -> {
            if (state == ConnectionState.CONNECTED && lostWhileHolding) {
                lostWhileHolding = false;
                events.held(rememberedToken);
            }
        });
    }

    /** The canary's factory over one of zksim's locks. */
    static LockUnderTest.Factory over(LockUnderTest.Factory inner) {
        return (client, events) -> new ResumeAfterExpiryLock(client, events, inner);
    }

    @Override
    public CompletionStage<Long> acquire() {
        return lock.acquire().thenApply(token -> {
            rememberedToken = token;
            return token;
        });
    }

    @Override
    public CompletionStage<Void> release() {
        rememberedToken = 0;
        lostWhileHolding = false;
        return lock.release();
    }
}

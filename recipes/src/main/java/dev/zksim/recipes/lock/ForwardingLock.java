package dev.zksim.recipes.lock;

import dev.zksim.recipes.support.HolderState;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * A named lock that is one configuration of {@link SequentialLock}: the subclasses differ
 * only in their rule and role, which their names and Javadoc make plain.
 */
public abstract class ForwardingLock implements DistributedLock {
    private final SequentialLock delegate;

    protected ForwardingLock(SequentialLock delegate) {
        this.delegate = delegate;
    }

    @Override
    public CompletionStage<Grant> acquire() {
        return delegate.acquire();
    }

    @Override
    public CompletionStage<Void> release() {
        return delegate.release();
    }

    @Override
    public HolderState state() {
        return delegate.state();
    }

    @Override
    public Optional<Grant> grant() {
        return delegate.grant();
    }

    @Override
    public long watchNotifications() {
        return delegate.watchNotifications();
    }

    /** The full path of the current acquisition's node, once created. */
    public Optional<String> node() {
        return delegate.node();
    }
}

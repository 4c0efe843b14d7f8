package dev.zksim.agent.bridge;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The key under which the JDK registers a thread container (one for every
 * {@code ThreadPoolExecutor}, {@code ForkJoinPool} and structured scope), with a hash of its
 * own. The JDK keys its registry, a concurrent set shared by the whole JVM, by plain weak
 * references, whose hash is their identity hash; the agent's {@code -XX:hashCode=2} makes every
 * identity hash the same, so the set kept all its keys in one bin, searched from end to end on
 * every registration. Each Curator client makes three executors, and the containers of finished
 * runs leave the set only after a garbage collection: JFR put 12% of a Curator sweep's samples
 * in that search. A distinct hash per key brings registration back to constant time.
 *
 * <p>The hash comes from a counter. Nothing in a simulation iterates the registry (only thread
 * dumps do), so its order cannot reach a run's outcome. Equality stays identity.
 */
public final class ContainerRef extends WeakReference<Object> {
    private static final AtomicInteger NEXT = new AtomicInteger();

    private final int hash = NEXT.getAndIncrement();

    public ContainerRef(Object container, ReferenceQueue<Object> queue) {
        super(container, queue);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object other) {
        return this == other;
    }
}

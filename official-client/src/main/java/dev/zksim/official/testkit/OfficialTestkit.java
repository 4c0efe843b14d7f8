package dev.zksim.official.testkit;

import dev.zksim.testkit.CounterUnderTest;
import dev.zksim.testkit.ElectionUnderTest;
import dev.zksim.testkit.LockUnderTest;
import dev.zksim.testkit.SemaphoreScenario;
import java.util.OptionalLong;
import java.util.concurrent.CompletionStage;

/**
 * Puts recipes written against {@code org.apache.zookeeper.ZooKeeper} into the testkit's
 * standard scenarios: each method turns a factory of the user's official-client recipe into
 * the factory a {@link dev.zksim.testkit.Testkit} builder takes, so the workload, the fault
 * profile and the checkers are exactly those of a recipe written for zksim's own client.
 *
 * <pre>{@code
 * Scenario lock = Testkit.lock("my-lock",
 *         OfficialTestkit.lock(client -> new MyLock(client::zk, "/locks/a"))).build();
 * }</pre>
 *
 * <p>The recipe runs in simulated threads (see {@link dev.zksim.official.threads}): its
 * blocking calls, latches and callbacks are scheduled by the simulation in virtual time, so
 * the JVM needs {@code --add-opens java.base/java.lang=ALL-UNNAMED}. Every other shape follows
 * the same pattern: a small blocking contract, an adapter that runs each of its calls on a
 * simulated thread of a {@link OfficialClient} and completes the testkit's stage when the
 * call returns.
 */
public final class OfficialTestkit {

    private OfficialTestkit() {
    }

    /**
     * A blocking lock as the testkit's lock. The holder's belief ends, as an application's
     * would, when its handle reports the connection down (SUSPENDED) or the session expired
     * (LOST). The herd check sees no wake-ups of official-client watchers (they run on the
     * handle's event thread, after the notification), so it is vacuous for these locks.
     */
    public static LockUnderTest.Factory lock(BlockingLock.Factory factory) {
        return lock(factory, false);
    }

    /**
     * {@link #lock(BlockingLock.Factory)}, with every call of one lock on one simulated thread
     * if {@code sameThread}: for locks whose grant belongs to the acquiring thread.
     */
    static LockUnderTest.Factory lock(BlockingLock.Factory factory, boolean sameThread) {
        return (client, events) -> {
            SimulatedClient official = SimulatedClient.of(client);
            CallRunner calls = sameThread ? new OwnerThread(official, "lock-owner") : new CallChain(official);
            return new BlockingLockAdapter(calls, factory.create(official), events, client.connection());
        };
    }

    /** A blocking semaphore lease as the testkit's semaphore lease, the holder's belief ending as for {@link #lock}. */
    public static SemaphoreScenario.Factory semaphore(BlockingLock.PermitFactory factory) {
        return (client, permits, events) -> {
            SimulatedClient official = SimulatedClient.of(client);
            return new BlockingLockAdapter(new CallChain(official), factory.create(official, permits), events,
                    client.connection());
        };
    }

    /**
     * A blocking counter as the testkit's counter: each increment and read runs on a simulated
     * thread of the counter's client, one call after the other.
     *
     * <pre>{@code
     * Scenario counter = Testkit.counter("my-counter",
     *         OfficialTestkit.counter(client -> new MyCounter(client::zk, "/counters/jobs"))).build();
     * }</pre>
     */
    public static CounterUnderTest.Factory counter(BlockingCounter.Factory factory) {
        return client -> {
            SimulatedClient official = SimulatedClient.of(client);
            CallChain calls = new CallChain(official);
            BlockingCounter counter = factory.create(official);
            return new CounterUnderTest() {
                @Override
                public CompletionStage<OptionalLong> increment() {
                    return calls.then("increment", counter::increment);
                }

                @Override
                public CompletionStage<Long> read() {
                    return calls.then("read", counter::read);
                }
            };
        };
    }

    /** An official-client election as the testkit's election; it reports through the events it is given. */
    public static ElectionUnderTest.Factory election(OfficialElection.Factory factory) {
        return (client, events) -> {
            SimulatedClient official = SimulatedClient.of(client);
            return new OfficialElectionAdapter(official, factory.create(official, events), events);
        };
    }
}

package com.example.realbugs;

import com.example.coordination.SimpleGroup;
import dev.zksim.api.Stat;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.testkit.CatalogProvider;
import dev.zksim.testkit.ControllerUnderTest;
import dev.zksim.testkit.HolderEvents;
import dev.zksim.testkit.LockScenario;
import dev.zksim.testkit.LockUnderTest;
import dev.zksim.testkit.MembershipUnderTest;
import dev.zksim.testkit.Profiles;
import dev.zksim.testkit.ScenarioBuilder;
import dev.zksim.testkit.SemaphoreScenario;
import dev.zksim.testkit.TestClient;
import dev.zksim.testkit.Testkit;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * Real bugs of Curator, kazoo and Kafka as users' recipes ({@code com.example.realbugs}), each
 * under the testkit's standard workload and faults, and its project's fix under the same
 * ones. A bug's scenario is named after its issue; the fix's adds {@code -fixed}. The tests
 * expect each fix to pass and measure how soon each bug is caught (docs/real-bugs.md).
 */
public final class RealBugScenarios implements CatalogProvider {
    /** The suffix of a fix's scenario. */
    public static final String FIXED = "-fixed";
    /** The partitions the partitioner's members share. */
    private static final int PARTITIONS = 4;

    @Override
    public ScenarioCatalog catalog() {
        ScenarioCatalog catalog = new ScenarioCatalog("real-bugs");
        lock(catalog, "curator-45", "a create whose reply was lost leaves a node nobody deletes",
                ClassicLock.Flaw.UNPROTECTED_CREATE, builder -> builder);
        lock(catalog, "curator-202", "a release whose delete meets a disconnect keeps the node",
                ClassicLock.Flaw.SWALLOWED_DELETE, LockScenario::noGiveUps);
        lock(catalog, "kazoo-732", "a given-up try-lock whose cleanup meets a disconnect keeps the node",
                ClassicLock.Flaw.SWALLOWED_DELETE, builder -> builder.giveUps(1, 1, Time.millis(100), Time.millis(600)));
        lock(catalog, "curator-604", "a waiter woken by Expired takes the lock on its old session's node",
                ClassicLock.Flaw.OLD_NODE_AFTER_EXPIRY,
                builder -> builder.hold(Time.millis(500), Time.seconds(4))
                        .faults(1, 2, Time.seconds(3), Profiles.withDelayedClose(List.of())));
        lock(catalog, "kazoo-herd", "every waiter watches the holder, so each release wakes them all",
                ClassicLock.Flaw.WATCHES_HOLDER, builder -> builder.clients(3, 6));
        semaphore(catalog, "curator-335", "a lease whose first listing fails stays, a permit gone for good",
                builder -> builder.faults(RealBugScenarios::disconnectsTheSessionSurvives));
        partitioner(catalog, "kazoo-148", "a member cut off goes on working on its partitions while others take them");
        registry(catalog, "kafka-14845", "a broker that finds its own expired session's node takes it for another's and stays out");
        controller(catalog, "kafka-6082", "a controller's unfenced write lands after a newer controller's",
                ZkController.Flaw.UNFENCED_WRITES);
        controller(catalog, "kafka-13407", "a controller that finds its own node at election never takes over",
                ZkController.Flaw.SELF_NAMED_NODE_IGNORED);
        return catalog;
    }

    /**
     * Adds the bug's scenario (named after its issue) and its fix's ({@code -fixed}), which
     * {@code scenario} builds from the id and whether it is the fix, with the same knobs.
     */
    private static void pair(ScenarioCatalog catalog, String shape, String issue, String what,
            Function<Boolean, ScenarioBuilder<?>> scenario) {
        catalog.add(scenario.apply(false).title(shape + ": " + what + " (" + issue + ")").build());
        catalog.add(scenario.apply(true).title(shape + ": the fix of " + issue + " under the same faults").build());
    }

    private static String id(String issue, boolean fixed) {
        return fixed ? issue + FIXED : issue;
    }

    private static void lock(ScenarioCatalog catalog, String issue, String what, ClassicLock.Flaw flaw,
            UnaryOperator<LockScenario> knobs) {
        pair(catalog, "Lock", issue, what,
                fixed -> knobs.apply(Testkit.lock(id(issue, fixed), lock(fixed ? ClassicLock.Flaw.NONE : flaw))));
    }

    private static void semaphore(ScenarioCatalog catalog, String issue, String what,
            UnaryOperator<SemaphoreScenario> knobs) {
        pair(catalog, "Semaphore", issue, what, fixed -> knobs.apply(Testkit.semaphore(id(issue, fixed), semaphore(!fixed))));
    }

    /**
     * Partitions longer than a quarter of the session timeout (the recipes' connection timeout)
     * and shorter than the session timeout: a request fails while its session lives on, the
     * condition CURATOR-335's issue names.
     */
    private static FaultProfile disconnectsTheSessionSurvives(EnsembleConfig config) {
        long session = Time.millis(config.sessionTimeoutMs());
        return new FaultProfile(List.of(FaultKind.PARTITION, FaultKind.ISOLATE_LEADER), 1, 3, Time.millis(500),
                Time.seconds(4), session / 3, session * 3 / 4);
    }

    private static void partitioner(ScenarioCatalog catalog, String issue, String what) {
        pair(catalog, "Membership", issue, what,
                fixed -> Testkit.membership(id(issue, fixed), partitioner(!fixed)).partitions(PARTITIONS));
    }

    /** Expiries whose close the servers apply late, so that a new session meets the old one's node. */
    private static void registry(ScenarioCatalog catalog, String issue, String what) {
        pair(catalog, "Membership", issue, what, fixed -> Testkit.membership(id(issue, fixed), registry(!fixed))
                .faults(1, 2, Time.seconds(3), Profiles.withDelayedClose(List.of())));
    }

    private static void controller(ScenarioCatalog catalog, String issue, String what, ZkController.Flaw flaw) {
        pair(catalog, "Controller", issue, what,
                fixed -> Testkit.controller(id(issue, fixed), controller(fixed ? ZkController.Flaw.NONE : flaw)));
    }

    static LockUnderTest.Factory lock(ClassicLock.Flaw flaw) {
        return (client, events) -> {
            ClassicLock lock = new ClassicLock(client.zk(), "/classic-lock", client.uniqueName(), flaw, listener(events));
            follow(client, lock::connectionChanged);
            return handle(lock::acquire, lock::release);
        };
    }

    static SemaphoreScenario.Factory semaphore(boolean orphanOnReadError) {
        return (client, permits, events) -> {
            LeaseSemaphore semaphore = new LeaseSemaphore(client.zk(), "/lease-semaphore", client.uniqueName(), permits,
                    orphanOnReadError, client::schedule, listener(events));
            follow(client, semaphore::connectionChanged);
            return handle(semaphore::acquire, semaphore::release);
        };
    }

    /**
     * A member of the team's group ({@link SimpleGroup}) that shares the partitions through
     * claims. The flawed one never thinks itself suspended, so it reports no SUSPENDED either.
     */
    static MembershipUnderTest.Factory partitioner(boolean keepsOwningWhenDisconnected) {
        return (client, name, events) -> {
            PartitionClaimer claimer = new PartitionClaimer(client.zk(), "/partitioner-claims", name, PARTITIONS,
                    keepsOwningWhenDisconnected, events::owned);
            SimpleGroup group = new SimpleGroup(client.zk(), "/partitioner-party", name, false, view -> {
                events.view(view);
                claimer.rebalance(view);
            });
            client.connection().subscribe(state -> {
                claimer.connectionChanged(state == ConnectionState.CONNECTED, state == ConnectionState.LOST);
                if (state == ConnectionState.SUSPENDED && !keepsOwningWhenDisconnected) {
                    events.suspended();
                } else if (state == ConnectionState.LOST) {
                    events.lost();
                }
            });
            Supplier<CompletionStage<Void>> join = () -> group.join().thenRun(() -> {
                claimer.start();
                group.view().ifPresent(claimer::rebalance);
            });
            Supplier<CompletionStage<Void>> leave = () -> {
                claimer.stop();
                return group.leave();
            };
            return member(join, leave, group::view);
        };
    }

    /** Brokers registering their ids; each reports its own view of who is up. */
    static MembershipUnderTest.Factory registry(boolean failsOnForeignOwner) {
        return (client, name, events) -> {
            BrokerRegistry registry = new BrokerRegistry(client.zk(), "/brokers", name, failsOnForeignOwner, events::view);
            client.connection().subscribe(state -> {
                if (state == ConnectionState.SUSPENDED) {
                    events.suspended();
                } else if (state == ConnectionState.LOST) {
                    events.lost();
                }
            });
            return member(registry::register, registry::deregister, registry::view);
        };
    }

    static ControllerUnderTest.Factory controller(ZkController.Flaw flaw) {
        return (client, events) -> {
            ZkController controller = new ZkController(client.zk(), client.uniqueName(), flaw, client::schedule,
                    listener(events), events::released);
            follow(client, controller::connectionChanged);
            return new ControllerUnderTest() {
                @Override
                public void start() {
                    controller.start();
                }

                @Override
                public CompletionStage<Void> stop() {
                    return controller.stop();
                }

                @Override
                public CompletionStage<Stat> writeState(String path, byte[] state) {
                    return controller.writeState(path, state);
                }
            };
        };
    }

    /** A lock or a lease as the testkit's contract wants it. */
    private static LockUnderTest handle(Supplier<CompletionStage<Long>> acquire, Supplier<CompletionStage<Void>> release) {
        return new LockUnderTest() {
            @Override
            public CompletionStage<Long> acquire() {
                return acquire.get();
            }

            @Override
            public CompletionStage<Void> release() {
                return release.get();
            }
        };
    }

    /** A group member as the testkit's contract wants it. */
    private static MembershipUnderTest member(Supplier<CompletionStage<Void>> join, Supplier<CompletionStage<Void>> leave,
            Supplier<Optional<List<String>>> view) {
        return new MembershipUnderTest() {
            @Override
            public CompletionStage<Void> join() {
                return join.get();
            }

            @Override
            public CompletionStage<Void> leave() {
                return leave.get();
            }

            @Override
            public Optional<List<String>> view() {
                return view.get();
            }
        };
    }

    /** The recipes of this package take the connection as (connected, lost). */
    private interface ConnectionFollower {
        void connectionChanged(boolean connected, boolean lost);
    }

    private static void follow(TestClient client, ConnectionFollower follower) {
        client.connection().subscribe(state ->
                follower.connectionChanged(state == ConnectionState.CONNECTED, state == ConnectionState.LOST));
    }

    private static HoldListener listener(HolderEvents events) {
        return new HoldListener() {
            @Override
            public void held(long token) {
                events.held(token);
            }

            @Override
            public void suspended() {
                events.suspended();
            }

            @Override
            public void lost() {
                events.lost();
            }
        };
    }
}

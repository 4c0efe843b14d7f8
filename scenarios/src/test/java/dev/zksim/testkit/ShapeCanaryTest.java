package dev.zksim.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.catalog.RecipeRendezvous;
import dev.zksim.catalog.RecipeTwoPhase;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.recipes.counter.VersionedCounter;
import dev.zksim.recipes.support.Stages;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.ScenarioCatalog;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * Each shape builder that the catalogue's two-phase commit, rendezvous and naming moved onto
 * can fail: a broken implementation passed to the same builder is caught, by the shape's own
 * checker, within a few seeds on a healthy ensemble.
 */
class ShapeCanaryTest {

    /** CANARY: a site that reports commit whatever was decided. */
    private static final TwoPhaseCommitUnderTest.SiteFactory OPTIMISTIC_SITE = (client, transaction) -> {
        TwoPhaseCommitUnderTest.Site site = RecipeTwoPhase.SITE.create(client, transaction);
        return yes -> site.vote(yes).thenApply(decided -> TwoPhaseCommitUnderTest.Decision.COMMIT);
    };

    /** CANARY: a worker that overwrites the node (version -1), so every worker believes its address landed. */
    private static final RendezvousUnderTest.Factory OVERWRITING_WORKER = (client, node) ->
            new RecipeRendezvous.Party(client, node) {
                @Override
                public CompletionStage<Void> publish(byte[] address) {
                    return client.zk().setData(node, address, -1).thenApply(stat -> null);
                }
            };

    /** CANARY: names counted per caller from 0, and a name that exists already taken for one's own. */
    private static final NamingUnderTest.Factory ADOPTING_NAMER = client -> {
        int[] next = {0};
        return data -> {
            String name = "/name-" + next[0]++;
            return client.zk().create(name, data, CreateMode.PERSISTENT).exceptionally(error -> {
                Throwable cause = error instanceof CompletionException ? error.getCause() : error;
                if (cause instanceof KeeperException keeper && keeper.code() == KeeperException.Code.NODEEXISTS) {
                    return name;
                }
                throw error instanceof CompletionException completion ? completion : new CompletionException(error);
            });
        };
    };

    /** CANARY: a counter that reads, adds one and writes whatever the version, so two callers can write the same value. */
    private static final CounterUnderTest.Factory UNVERSIONED_COUNTER = client -> new CounterUnderTest() {
        private final VersionedCounter reader = new VersionedCounter(client.zk(), "/counter");

        @Override
        public CompletionStage<OptionalLong> increment() {
            return reader.read().thenCompose(value -> client.zk().setData("/counter", VersionedCounter.encode(value + 1), -1)
                    .exceptionallyCompose(error -> client.zk().create("/counter", VersionedCounter.encode(value + 1),
                            CreateMode.PERSISTENT).thenApply(created -> null))
                    .thenApply(written -> OptionalLong.of(value + 1)));
        }

        @Override
        public CompletionStage<Long> read() {
            return reader.read();
        }
    };

    /**
     * CANARY: zksim's counter with a retry around each increment after a connection loss, as
     * Curator's framework retries a write: a write whose reply was lost counted already, so
     * the retry counts the increment again.
     */
    private static final CounterUnderTest.Factory RETRYING_COUNTER = client -> new CounterUnderTest() {
        private final VersionedCounter counter = new VersionedCounter(client.zk(), "/counter");

        @Override
        public CompletionStage<OptionalLong> increment() {
            CompletableFuture<OptionalLong> result = new CompletableFuture<>();
            attempt(result);
            return result;
        }

        private void attempt(CompletableFuture<OptionalLong> result) {
            counter.increment().whenComplete((value, error) -> {
                if (error == null) {
                    result.complete(OptionalLong.of(value));
                } else if (Stages.is(error, KeeperException.Code.CONNECTIONLOSS)) {
                    attempt(result);
                } else {
                    result.completeExceptionally(error);
                }
            });
        }

        @Override
        public CompletionStage<Long> read() {
            return counter.read();
        }
    };

    private static final ScenarioCatalog CATALOG = new ScenarioCatalog("shape-canaries")
            .add(Testkit.twoPhaseCommit("canary-optimistic-site", RecipeTwoPhase.COORDINATOR, OPTIMISTIC_SITE)
                    .servers(1).noFaults().noVotes(1, 1).build())
            .add(Testkit.rendezvous("canary-overwriting-worker", OVERWRITING_WORKER)
                    .servers(1).noFaults().workers(2, 3).build())
            .add(Testkit.naming("canary-adopting-namer", ADOPTING_NAMER).servers(1).noFaults().build())
            .add(Testkit.counter("canary-unversioned-counter", UNVERSIONED_COUNTER).servers(1).noFaults().build())
            .add(Testkit.counter("canary-retrying-counter", RETRYING_COUNTER)
                    .faults(2, 4, Time.seconds(3), List.of(FaultKind.DROP_REPLY)).build());

    @SimulationProperty(seeds = 5)
    void aSiteThatAlwaysReportsCommitIsCaught(Seeds seeds) {
        assertCaught(seeds.expectFailure(CATALOG, "canary-optimistic-site"), "two-phase commit");
    }

    @SimulationProperty(seeds = 5)
    void aWorkerThatOverwritesTheAddressIsCaught(Seeds seeds) {
        assertCaught(seeds.expectFailure(CATALOG, "canary-overwriting-worker"), "rendezvous");
    }

    @SimulationProperty(seeds = 5)
    void aNamerThatAdoptsAnExistingNameIsCaught(Seeds seeds) {
        assertCaught(seeds.expectFailure(CATALOG, "canary-adopting-namer"), "unique names");
    }

    @SimulationProperty(seeds = 5)
    void aCounterThatWritesWhateverTheVersionIsCaught(Seeds seeds) {
        assertCaught(seeds.expectFailure(CATALOG, "canary-unversioned-counter"), "counter");
    }

    @SimulationProperty(seeds = 20)
    void aCounterThatRetriesAWriteWhoseReplyWasLostIsCaught(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-retrying-counter");
        assertCaught(caught, "counter");
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).contains("counted more than once");
    }

    private static void assertCaught(PropertyCheck.Counterexample caught, String checker) {
        assertThat(caught.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION);
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).contains(checker);
    }
}

package dev.zksim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.FailureKind;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.Seeds;
import dev.zksim.property.SimulationProperty;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.testkit.QueueUnderTest;
import dev.zksim.testkit.Testkit;

/**
 * zksim's queues pass the testkit's queue scenarios, sessions renewed after expiry included;
 * the unchecked consumer is caught taking an item twice; and the declared delivery decides
 * what counts: the same canary passes when it declares at-least-once.
 */
class QueueScenariosTest {
    private static final ScenarioCatalog CATALOG = Catalog.standard();

    @SimulationProperty(seeds = 200)
    void theFifoQueuePasses(Seeds seeds) {
        seeds.check(CATALOG, "fifo-queue");
    }

    @SimulationProperty(seeds = 200)
    void thePriorityQueuePasses(Seeds seeds) {
        seeds.check(CATALOG, "priority-queue");
    }

    @SimulationProperty(seeds = 5)
    void theUncheckedConsumerTakesAnItemTwice(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-queue-unchecked-delete");
        assertThat(caught.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION);
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).contains("dequeued twice");
    }

    @SimulationProperty(seeds = 20)
    void theUncheckedConsumerKeepsAnAtLeastOncePromise(Seeds seeds) {
        Scenario atLeastOnce = Testkit.fifoQueue("unchecked-at-least-once", RecipeQueues.uncheckedConsumerCanary())
                .delivery(QueueUnderTest.Delivery.AT_LEAST_ONCE).consumers(2, 3).noFaults().build();
        seeds.check(new ScenarioCatalog().add(atLeastOnce), "unchecked-at-least-once");
    }

    /** A take given up while its claim is in flight must still deliver the item it claimed. */
    @SimulationProperty(seeds = 400)
    void aHandleThatReportsCancelledWhileItsClaimIsInFlightLosesItems(Seeds seeds) {
        PropertyCheck.Counterexample caught = seeds.expectFailure(CATALOG, "canary-queue-hasty-cancel");
        assertThat(caught.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION);
        assertThat(caught.minimal().failure().orElseThrow().getMessage()).contains("were never dequeued");
    }
}

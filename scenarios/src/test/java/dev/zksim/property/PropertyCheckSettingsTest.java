package dev.zksim.property;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.catalog.Catalog;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.Time;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.testkit.Testkit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The property engine's sampled determinism check and its time budget. */
class PropertyCheckSettingsTest {
    /** Counts runs across the JVM: the scenario below is deliberately not a pure function of its seed. */
    private static final AtomicLong RUNS = new AtomicLong();

    /** Every run waits a different time: the same seed twice gives two digests. */
    private static final ScenarioCatalog CATALOG = new ScenarioCatalog("settings")
            .add(Testkit.custom("drifting").noFaults().servers(1).settle(Time.seconds(1))
                    .clients(1, () -> session -> session.after((RUNS.incrementAndGet() % 7) * Time.millis(1),
                            () -> session.zk().exists("/", false)))
                    .build())
            .add(Testkit.custom("steady").noFaults().servers(1).settle(Time.seconds(1))
                    .clients(1, () -> session -> {
                        RUNS.incrementAndGet();
                        session.zk().exists("/", false);
                    })
                    .build());

    @Test
    void everySeedTwiceCatchesNondeterminism() {
        PropertyCheck engine = new PropertyCheck(new ScenarioRunner(CATALOG), 1, 0, () -> 0L);
        assertThat(engine.check("drifting", 0, 4, false)).hasValueSatisfying(found ->
                assertThat(found.kind()).isEqualTo(FailureKind.NONDETERMINISM));
    }

    @Test
    void aSampledCheckRunsTheOtherSeedsOnce() {
        PropertyCheck engine = new PropertyCheck(new ScenarioRunner(CATALOG), 3, 0, () -> 0L);
        long before = RUNS.get();
        assertThat(engine.check("steady", 10, 6, false)).isEmpty();
        assertThat(RUNS.get() - before).as("seeds 10 and 13 twice, the other four once").isEqualTo(8);
    }

    @Test
    void aSpentBudgetStartsNoMoreSeeds() {
        AtomicLong clock = new AtomicLong();
        PropertyCheck engine = new PropertyCheck(new ScenarioRunner(Catalog.standard()), 1, 1,
                () -> clock.getAndAdd(2_000_000_000L));
        assertThat(engine.check("canary-no-recheck-lock", 0, 50, false)).isEmpty();
        PropertyCheck unbounded = new PropertyCheck(new ScenarioRunner(Catalog.standard()));
        assertThat(unbounded.check("canary-no-recheck-lock", 0, 50, false)).isPresent();
    }
}

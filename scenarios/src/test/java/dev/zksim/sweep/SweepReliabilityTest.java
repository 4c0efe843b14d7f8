package dev.zksim.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.catalog.Catalog;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.history.HistoryRecorder;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.scenario.RunLimits;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.scenario.Trial;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A sweep yields one result per seed whatever its runs do: throw, spin, run past their bounds, or get stopped. */
class SweepReliabilityTest {
    private static final String BASE = "ensemble-random-ops";
    private static final AtomicBoolean RELEASE = new AtomicBoolean();

    @AfterEach
    void releaseSpinners() {
        RELEASE.set(true);
    }

    /** The catalogue scenario, except that odd seeds misbehave in the given way. */
    private static Scenario misbehaving(String id, String how) {
        Scenario base = Catalog.standard().find(BASE);
        return new Scenario() {
            @Override
            public String id() {
                return id;
            }

            @Override
            public String title() {
                return "canary: a scenario whose odd seeds " + how;
            }

            @Override
            public Trial prepare(Choices knobs) {
                Trial trial = base.prepare(knobs);
                boolean odd = knobs.stream("parity").draw(2) == 1;
                return new Trial() {
                    @Override
                    public dev.zksim.ensemble.EnsembleConfig ensemble() {
                        return trial.ensemble();
                    }

                    @Override
                    public dev.zksim.nemesis.FaultProfile faults() {
                        return trial.faults();
                    }

                    @Override
                    public void install(Ensemble ensemble, HistoryRecorder history) {
                        trial.install(ensemble, history);
                        if (odd && how.equals("throw")) {
                            throw new IllegalStateException("install blew up");
                        }
                        if (odd && how.equals("spin")) {
                            ensemble.simulation().schedule(Time.seconds(1), SweepReliabilityTest::spin);
                        }
                        if (how.equals("storm")) {
                            ensemble.simulation().schedule(Time.seconds(1), new Storm(ensemble.simulation()));
                        }
                    }

                    @Override
                    public long settle() {
                        return trial.settle();
                    }

                    @Override
                    public List<dev.zksim.check.Checker> checkers(long healTime, long endTime) {
                        return trial.checkers(healTime, endTime);
                    }

                    @Override
                    public List<String> knobs() {
                        return trial.knobs();
                    }
                };
            }
        };
    }

    /** Events that reschedule themselves at the same instant forever: simulated time stands still. */
    private record Storm(dev.zksim.kernel.Simulation simulation) implements Runnable {
        @Override
        public void run() {
            simulation.schedule(0, this);
        }
    }

    /** An event that never returns on its own: the wall-clock watchdog must abandon it. */
    private static void spin() {
        while (!RELEASE.get()) {
            Thread.onSpinWait();
        }
    }

    private static ScenarioRunner runner(Scenario scenario, RunLimits limits) {
        return new ScenarioRunner(new ScenarioCatalog().add(scenario), limits);
    }

    private static SweepConfig config(String scenario, int seeds, int threads, long wallMillis) {
        return new SweepConfig(scenario, 0, seeds, 0, 1, threads, null, null, false, wallMillis);
    }

    @Test
    @Timeout(120)
    void anExceptionInOneSeedIsThatSeedsCrashFindingAndTheSweepGoesOn() {
        ScenarioRunner runner = runner(misbehaving("throws", "throw"), RunLimits.DEFAULT);
        List<SeedResult> heard = new ArrayList<>();
        SweepResult result = new Sweep(runner).run(config("throws", 8, 2, 60_000), (d, t, f, r) -> { }, heard::add);
        assertThat(result.seedsRun()).isEqualTo(8);
        assertThat(result.interrupted()).isFalse();
        assertThat(result.findings()).isNotEmpty();
        assertThat(result.findings().size()).isLessThan(8);
        assertThat(result.findings().values()).allSatisfy(finding -> {
            assertThat(finding.verdict()).isEqualTo(Verdict.SIMULATOR_CRASH);
            assertThat(finding.reproLine()).startsWith("zksim4:throws:");
            assertThat(finding.message()).contains("install blew up");
        });
        assertThat(heard).hasSameSizeAs(result.findings().values());
        assertThat(result.exitCode()).isEqualTo(6);
    }

    @Test
    @Timeout(120)
    void aRunStuckInsideOneEventIsAbandonedAndItsWorkerReplaced() {
        RELEASE.set(false);
        ScenarioRunner runner = runner(misbehaving("spins", "spin"), RunLimits.DEFAULT);
        // One worker: unless the stuck one is replaced, the seeds after it would never run.
        SweepResult result = new Sweep(runner, 200).run(config("spins", 6, 1, 1_000), (d, t, f, r) -> { });
        assertThat(result.seedsRun()).isEqualTo(6);
        assertThat(result.findings()).isNotEmpty();
        assertThat(result.findings().values()).allSatisfy(finding -> {
            assertThat(finding.verdict()).isEqualTo(Verdict.RUNAWAY);
            assertThat(finding.message()).contains("wall-clock bound");
            assertThat(finding.reproLine()).startsWith("zksim4:spins:").matches(".*:-:[0-9a-f]{8}");
        });
    }

    @Test
    @Timeout(120)
    void runsPastTheirEventOrSimulatedTimeBoundAreRunawaysWithALine() {
        Scenario scenario = Catalog.standard().find(BASE);
        SweepResult byEvents = new Sweep(runner(scenario, new RunLimits(500, RunLimits.DEFAULT_MAX_SIMULATED_TIME, () -> false)))
                .run(config(BASE, 3, 2, 60_000), (d, t, f, r) -> { });
        assertThat(byEvents.findings().values()).hasSize(3).allSatisfy(finding -> {
            assertThat(finding.verdict()).isEqualTo(Verdict.RUNAWAY);
            assertThat(finding.message()).contains("event bound of 500");
            assertThat(finding.reproLine()).matches("zksim4:" + BASE + ":[0-9a-f]+:-:-:[0-9a-f]{16}:[0-9a-f]{8}");
        });
        SweepResult byTime = new Sweep(runner(scenario, new RunLimits(RunLimits.DEFAULT_MAX_EVENTS, Time.seconds(2),
                () -> false))).run(config(BASE, 2, 2, 60_000), (d, t, f, r) -> { });
        assertThat(byTime.findings().values()).hasSize(2)
                .allSatisfy(finding -> assertThat(finding.message()).contains("simulated-time bound"));
    }

    @Test
    @Timeout(120)
    void aRunPastItsWallClockBoundIsCancelledBetweenSlices() {
        // An event storm at one instant never reaches the time bound, and an event bound of a
        // billion is a minute away: the 1 s wall-clock bound cuts it first. (The default bound,
        // 20 million, is about a second of such a storm since the queue got faster.)
        ScenarioRunner runner = runner(misbehaving("storms", "storm"),
                new RunLimits(1_000_000_000L, RunLimits.DEFAULT_MAX_SIMULATED_TIME, () -> false));
        SweepResult result = new Sweep(runner, 60_000).run(config("storms", 1, 1, 1_000), (d, t, f, r) -> { });
        assertThat(result.findings().values()).singleElement().satisfies(finding -> {
            assertThat(finding.verdict()).isEqualTo(Verdict.RUNAWAY);
            assertThat(finding.message()).contains("cancelled: the wall-clock bound was reached");
            assertThat(finding.reproLine()).matches("zksim4:storms:.*:[0-9a-f]{16}:[0-9a-f]{8}");
        });
        assertThat(result.wallMillis()).isLessThan(30_000);
    }

    @Test
    @Timeout(120)
    void aStoppedSweepReportsWhatItDidAndSaysItWasInterrupted() {
        ScenarioRunner runner = new ScenarioRunner(Catalog.standard());
        Sweep sweep = new Sweep(runner);
        SweepResult result = sweep.run(config(BASE, 200, 1, 60_000), (done, total, failures, rate) -> {
            if (done == 3) {
                sweep.requestStop();
            }
        });
        assertThat(result.interrupted()).isTrue();
        assertThat(result.seedsRun()).isEqualTo(3);
        assertThat(result.firstFailure()).isEmpty();
    }

    @Test
    void aSweepThatWouldOverflowTheSeedRangeIsRejected() {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> new SweepConfig("x", Long.MAX_VALUE, 2, 0, 1, 1, null, null, false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("go past the largest seed");
        assertThat(new SweepConfig("x", Long.MAX_VALUE, 1, 0, 1, 1, null, null, false).seeds()).containsExactly(Long.MAX_VALUE);
    }
}

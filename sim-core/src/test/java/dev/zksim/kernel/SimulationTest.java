package dev.zksim.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.kernel.choice.SeededChoices;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SimulationTest {
    private final Simulation simulation = new Simulation(new SeededChoices(1));

    @Test
    void clockJumpsToEachEventInTurn() {
        List<Long> seen = new ArrayList<>();
        simulation.schedule(Time.millis(5), () -> seen.add(simulation.now()));
        simulation.schedule(Time.millis(2), () -> {
            seen.add(simulation.now());
            simulation.schedule(Time.millis(10), () -> seen.add(simulation.now()));
        });
        RunResult result = simulation.run(RunBounds.UNBOUNDED);
        assertThat(seen).containsExactly(Time.millis(2), Time.millis(5), Time.millis(12));
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.QUIESCENT);
        assertThat(result.events()).isEqualTo(3);
    }

    @Test
    void cancelledTimerNeverRuns() {
        List<String> ran = new ArrayList<>();
        Timer timer = simulation.timer(Time.millis(1), () -> ran.add("timer"));
        simulation.schedule(0, timer::cancel);
        simulation.run(RunBounds.UNBOUNDED);
        assertThat(ran).isEmpty();
        assertThat(timer.isCancelled()).isTrue();
    }

    @Test
    void timeBoundStopsBeforeLaterEventsAndSaysWhatWasWaiting() {
        simulation.await("c1 acquire /lock");
        simulation.schedule(Time.seconds(1), () -> { });
        simulation.schedule(Time.seconds(5), () -> { });
        RunResult result = simulation.run(RunBounds.time(Time.seconds(2)));
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.TIME_BOUND);
        assertThat(result.time()).isEqualTo(Time.seconds(2));
        assertThat(result.queued()).isEqualTo(1);
        assertThat(result.describe()).contains("stopped at the time bound").contains("still waiting for: c1 acquire /lock (since 0s)");
    }

    @Test
    void eventBoundStopsAfterThatManyEvents() {
        Runnable[] loop = new Runnable[1];
        loop[0] = () -> simulation.schedule(1, loop[0]);
        simulation.schedule(0, loop[0]);
        RunResult result = simulation.run(RunBounds.events(100));
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.EVENT_BOUND);
        assertThat(result.events()).isEqualTo(100);
        assertThat(result.describe()).contains("nothing was waiting");
    }

    @Test
    void closedWaitsAreNotReported() {
        Waits.Wait wait = simulation.await("s1 sync");
        simulation.schedule(10, wait::close);
        RunResult result = simulation.run(RunBounds.UNBOUNDED);
        assertThat(result.openWaits()).isEmpty();
    }

    @Test
    void stopEndsTheRunAfterTheCurrentEvent() {
        List<String> ran = new ArrayList<>();
        simulation.schedule(1, () -> simulation.stop("checker saw enough"));
        simulation.schedule(2, () -> ran.add("late"));
        RunResult result = simulation.run(RunBounds.UNBOUNDED);
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.STOPPED);
        assertThat(result.describe()).contains("checker saw enough");
        assertThat(ran).isEmpty();
    }

    @Test
    void handlerExceptionBecomesATypedSimulatorCrash() {
        simulation.schedule(Time.millis(3), () -> {
            throw new IllegalStateException("boom");
        });
        assertThatThrownBy(() -> simulation.run(RunBounds.UNBOUNDED))
                .isInstanceOfSatisfying(SimulationFailure.class, failure -> {
                    assertThat(failure.kind()).isEqualTo(FailureKind.SIMULATOR_CRASH);
                    assertThat(failure.time()).isEqualTo(Time.millis(3));
                    assertThat(failure).hasMessageContaining("boom");
                });
    }

    @Test
    void safetyViolationPassesThroughWithItsKind() {
        simulation.schedule(1, () -> {
            throw SimulationFailure.safety(simulation.now(), "two holders");
        });
        assertThatThrownBy(() -> simulation.run(RunBounds.UNBOUNDED))
                .isInstanceOfSatisfying(SimulationFailure.class,
                        failure -> assertThat(failure.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION));
    }

    @Test
    void failureKindsHaveStableDistinctExitCodes() {
        assertThat(FailureKind.SAFETY_VIOLATION.exitCode()).isEqualTo(3);
        assertThat(FailureKind.LIVENESS_TIMEOUT.exitCode()).isEqualTo(4);
        assertThat(FailureKind.NONDETERMINISM.exitCode()).isEqualTo(5);
        assertThat(FailureKind.SIMULATOR_CRASH.exitCode()).isEqualTo(6);
    }

    @Test
    void schedulingInThePastIsRejected() {
        simulation.schedule(10, () -> { });
        simulation.run(RunBounds.UNBOUNDED);
        assertThatThrownBy(() -> simulation.scheduleAt(5, () -> { })).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> simulation.schedule(-1, () -> { })).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void timeParsesAndFormatsExactly() {
        assertThat(Time.parse("1.2s")).isEqualTo(1_200_000);
        assertThat(Time.parse("250ms")).isEqualTo(250_000);
        assertThat(Time.parse("40us")).isEqualTo(40);
        assertThat(Time.parse("3m")).isEqualTo(180_000_000);
        assertThat(Time.format(1_250_000)).isEqualTo("1.250000s");
        assertThat(Time.formatSeconds(200_000)).isEqualTo("0.2s");
        assertThat(Time.formatSeconds(30_000_000)).isEqualTo("30s");
        assertThat(Time.formatSeconds(0)).isEqualTo("0s");
        assertThat(Time.formatSeconds(12_345_678)).isEqualTo("12.345678s");
        assertThatThrownBy(() -> Time.parse("soon")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("soon");
        assertThatThrownBy(() -> Time.parse("5h")).hasMessageContaining("unknown time unit");
    }
}

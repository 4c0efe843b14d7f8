package dev.zksim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.catalog.StandardCatalog;
import dev.zksim.property.ReproLine;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A run ends once the ensemble goes idle for good ({@link RunSpec#endsWhenIdle()}), with the
 * verdict and goals of the run taken to its scheduled end; a line recorded before (zksim3)
 * still replays to that end.
 */
class IdleEndTest {
    private static final ScenarioCatalog CATALOG = new StandardCatalog().catalog();
    private static final ScenarioRunner RUNNER = new ScenarioRunner(CATALOG);
    /**
     * Seeds that earlier drafts of the idle test ended too early, each pinned: 368 (clients
     * still held connections a partition had cut, so their pings were about to vanish) and
     * 1825 (a crashed client's old handle still said CONNECTED, and its session had yet to
     * expire and free the lock).
     */
    private static final List<Long> ENDED_TOO_EARLY_BEFORE = List.of(368L, 1825L);

    @Test
    void endingWhenIdleKeepsEveryVerdictAndGoal() {
        List<Long> seeds = new ArrayList<>(ENDED_TOO_EARLY_BEFORE);
        for (long seed = 0; seed < 30; seed++) {
            seeds.add(seed);
        }
        int endedEarly = 0;
        for (long seed : seeds) {
            RunSpec spec = RunSpec.of("lock-standard", seed);
            RunOutcome idle = RUNNER.run(spec);
            RunOutcome full = RUNNER.run(spec.endingWhenIdle(false));
            assertThat(idle.failureKind()).as("seed " + seed).isEqualTo(full.failureKind());
            assertThat(idle.goalsReached()).as("seed " + seed).isEqualTo(full.goalsReached());
            assertThat(idle.events()).as("seed " + seed).isLessThanOrEqualTo(full.events());
            endedEarly += idle.simulatedTime() < full.simulatedTime() ? 1 : 0;
        }
        assertThat(endedEarly).as("runs that ended before their scheduled end").isGreaterThan(seeds.size() * 3 / 4);
    }

    @Test
    void aZksim3LineReplaysToItsScheduledEndAndAZksim4LineToItsIdleEnd() {
        RunSpec spec = RunSpec.of("lock-basic", 3);
        RunOutcome full = RUNNER.run(spec.endingWhenIdle(false));
        RunOutcome idle = RUNNER.run(spec);
        String old = new ReproLine(full.spec(), full.digest()).toString();
        String current = new ReproLine(idle.spec(), idle.digest()).toString();
        assertThat(old).startsWith("zksim3:");
        assertThat(current).startsWith("zksim4:");
        assertThat(idle.simulatedTime()).isLessThan(full.simulatedTime());

        ReproLine oldLine = ReproLine.parse(old);
        ReproLine currentLine = ReproLine.parse(current);
        assertThat(oldLine.spec().endsWhenIdle()).isFalse();
        assertThat(currentLine.spec().endsWhenIdle()).isTrue();
        assertThat(oldLine.matches(RUNNER.run(oldLine.spec()).digest())).isTrue();
        assertThat(currentLine.matches(RUNNER.run(currentLine.spec()).digest())).isTrue();
        assertThat(oldLine.matches(idle.digest())).as("the two ends trace differently").isFalse();
    }

    @Test
    void aPauseAfterTheIdleEndStillLooksAndChangesNothing() {
        RunSpec spec = RunSpec.of("lock-basic", 3);
        RunOutcome plain = RUNNER.run(spec);
        long scheduledEnd = RUNNER.run(spec.endingWhenIdle(false)).simulatedTime();
        long at = (plain.simulatedTime() + scheduledEnd) / 2;
        AtomicLong lookedAt = new AtomicLong(-1);
        RunOutcome paused = RUNNER.run(spec, null, new ScenarioRunner.Pause(at, ensemble -> {
            lookedAt.set(ensemble.simulation().now());
            assertThat(ensemble.isIdle()).isTrue();
        }));
        assertThat(lookedAt.get()).isEqualTo(at);
        assertThat(paused.digest()).isEqualTo(plain.digest());
        assertThat(paused.simulatedTime()).isEqualTo(plain.simulatedTime());
        assertThat(paused.events()).isEqualTo(plain.events());
    }
}

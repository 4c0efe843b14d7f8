package dev.zksim.property;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.scenario.ScenarioRunner;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** A property checked on several threads reports what one thread reports: the lowest failing seed. */
class ParallelSeedsTest {
    private final ScenarioRunner runner = new ScenarioRunner(new ScenarioCatalog().add(new LostUpdateScenario()));
    /** A passing run, returned by the synthetic checks below for every seed they do not fail. */
    private final RunOutcome passing = LongStream.range(0, 100).mapToObj(seed -> runner.runDigestingFailures(
            RunSpec.of("test-lost-update", seed))).filter(outcome -> !outcome.failed()).findFirst().orElseThrow();

    @Test
    void twoThreadsFindTheSameCounterexampleAsOne() {
        Set<Long> failingSeeds = new TreeSet<>();
        for (long seed = 0; seed < 30; seed++) {
            if (runner.runDigestingFailures(RunSpec.of("test-lost-update", seed)).failed()) {
                failingSeeds.add(seed);
            }
        }
        assertThat(failingSeeds).as("several seeds fail, so the lowest must be chosen among them").hasSizeGreaterThan(1);

        PropertyCheck.Counterexample one = new PropertyCheck(runner, 1, 0, () -> 0L, 1)
                .check("test-lost-update", 0, 30, false).orElseThrow();
        for (int attempt = 0; attempt < 5; attempt++) {
            PropertyCheck.Counterexample two = new PropertyCheck(runner, 1, 0, () -> 0L, 2)
                    .check("test-lost-update", 0, 30, false).orElseThrow();
            assertThat(two.original().spec().seed()).isEqualTo(failingSeeds.iterator().next())
                    .isEqualTo(one.original().spec().seed());
            assertThat(two.line().toString()).isEqualTo(one.line().toString());
        }
    }

    @Test
    void everySeedBeforeTheLowestFailureRunsAndItsThrowIsTheOneRethrown() {
        Set<Integer> started = new ConcurrentSkipListSet<>();
        assertThatThrownBy(() -> ParallelSeeds.firstFailing(1_000, 3, index -> true, index -> {
            started.add(index);
            if (index == 7 || index == 40) {
                throw new IllegalStateException("seed " + index);
            }
            return passing;
        })).hasMessage("seed 7");
        assertThat(started).containsAll(IntStream.rangeClosed(0, 7).boxed().toList());
    }

    @Test
    void noSeedStartsOnceTheBudgetSaysSo() {
        Set<Integer> started = new ConcurrentSkipListSet<>();
        Optional<RunOutcome> failing = ParallelSeeds.firstFailing(100, 2, index -> index < 10, index -> {
            started.add(index);
            return passing;
        });
        assertThat(failing).isEmpty();
        assertThat(started).hasSize(10).allMatch(index -> index < 10);
    }

    @Test
    void threadCountsAreAtLeastOneOrZeroForOnePerCore() {
        assertThat(ParallelSeeds.resolve(0)).isPositive();
        assertThat(ParallelSeeds.resolve(3)).isEqualTo(3);
        assertThatThrownBy(() -> ParallelSeeds.resolve(-1)).hasMessageContaining("threads must be at least 1");
        assertThatThrownBy(() -> new Seeds(0, 10, 1, 0, -2)).isInstanceOf(IllegalArgumentException.class);
    }
}

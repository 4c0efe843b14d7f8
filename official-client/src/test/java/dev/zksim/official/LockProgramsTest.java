package dev.zksim.official;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LockProgramsTest {

    @Test
    void theRecipeLockExcludesAndEveryClientFinishes() {
        for (long seed = 1; seed <= 10; seed++) {
            LockPrograms.Outcome outcome = LockPrograms.run(seed, LockPrograms.RECIPE, 3, 3);
            assertThat(outcome.maxHolders()).as("seed %d", seed).isEqualTo(1);
            assertThat(outcome.acquisitions()).as("seed %d", seed).hasSize(9);
            assertThat(outcome.leftover()).as("seed %d", seed).isEmpty();
        }
    }

    @Test
    void theCheckThenActCanaryIsCaught() {
        boolean caught = false;
        for (long seed = 1; seed <= 40 && !caught; seed++) {
            caught = LockPrograms.run(seed, LockPrograms.CHECK_THEN_ACT, 3, 3).maxHolders() > 1;
        }
        assertThat(caught).as("some seed lets two clients hold the broken lock").isTrue();
    }
}

package dev.zksim.official;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CallbackElectionTest {

    @Test
    void oneLeaderAtATimeAndEveryCandidateLeadsOnce() {
        for (long seed = 1; seed <= 10; seed++) {
            CallbackElection.Leaders leaders = CallbackElection.run(seed, 4);
            assertThat(leaders.max).as("seed %d", seed).isEqualTo(1);
            assertThat(leaders.terms).as("seed %d", seed).hasSize(4);
        }
    }
}

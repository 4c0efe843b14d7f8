package com.example.underagent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.official.OfficialClientProgram;
import dev.zksim.official.OfficialEnsemble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Code under the agent that never blocks ends the run in one deterministic report instead of
 * hanging it: a thread that polls the clock for time to pass, and a busy loop that polls a flag
 * nobody sets. Each report names the thread and the frame, and the loop's report shows the
 * stack where it spun. A loop that blocks in every round runs on.
 */
@Timeout(120) // without the runtime's bounds these runs would spin for ever
class RunawayThreadsTest {
    /** Set by nobody: the busy loop below waits for it in vain. */
    private static volatile boolean released;

    @Test
    void aThreadPollingTheClockIsStoppedAndNamed() {
        SimulationFailure failure = failureOf(session -> {
            long deadline = System.currentTimeMillis() + 1000;
            while (System.currentTimeMillis() < deadline) {
                Thread.onSpinWait();
            }
        });
        assertThat(failure.kind()).isEqualTo(FailureKind.NONDETERMINISM);
        assertThat(failure.getMessage()).contains("read the clock").contains("RunawayThreadsTest");
    }

    @Test
    void aBusyLoopIsStoppedWithTheStackWhereItSpun() {
        SimulationFailure failure = failureOf(session -> spinUntilReleased());
        assertThat(failure.kind()).isEqualTo(FailureKind.LIVENESS_TIMEOUT);
        assertThat(failure.getMessage()).contains("without blocking")
                .contains("\n    at com.example.underagent.RunawayThreadsTest.spinUntilReleased(");
    }

    @Test
    void aLoopThatSleepsInEveryRoundRunsOn() {
        long[] rounds = {0};
        run(session -> {
            for (int i = 0; i < 200_000; i++) {
                Thread.sleep(1);
                rounds[0]++;
            }
        }, 300_000_000L).threads().check();
        assertThat(rounds[0]).isEqualTo(200_000);
    }

    private static void spinUntilReleased() {
        long polls = 0;
        while (!released) {
            polls++;
        }
        throw new AssertionError("released after " + polls + " polls");
    }

    private static SimulationFailure failureOf(OfficialClientProgram.Body program) {
        Throwable thrown = null;
        try {
            run(program, 60_000_000L).threads().check();
        } catch (SimulationFailure failure) {
            thrown = failure;
        }
        assertThat(thrown).as("the run ends in a failure").isInstanceOf(SimulationFailure.class);
        return (SimulationFailure) thrown;
    }

    private static OfficialEnsemble run(OfficialClientProgram.Body program, long micros) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(1), EnsembleConfig.defaults(1));
        OfficialEnsemble official = new OfficialEnsemble(ensemble);
        official.addClient(program);
        ensemble.run(RunBounds.time(micros));
        return official;
    }
}

package dev.zksim.check;

import static dev.zksim.history.OpKind.CONFIG_READ;
import static dev.zksim.history.OpKind.CONFIG_WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.history.Value;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConvergenceCheckerTest {
    private static final Value ONE = Value.of("v1");
    private static final Value TWO = Value.of("v2");

    @Test
    void readersWhoseLastReadAfterTheHealIsTheLastWriteAreValid() {
        Hist h = new Hist().at(0).call("c1", CONFIG_WRITE, ONE).at(10).call("c1", CONFIG_WRITE, TWO)
                .at(20).ok("c2", CONFIG_READ, ONE)
                .at(60).ok("c2", CONFIG_READ, TWO).ok("c3", CONFIG_READ, TWO);
        assertThat(new ConvergenceChecker(50_000, List.of("c2", "c3")).check(h.history()).isValid()).isTrue();
    }

    @Test
    void aReaderStuckAtAnOlderValueIsALivenessViolation() {
        Hist h = new Hist().at(0).call("c1", CONFIG_WRITE, ONE).at(10).call("c1", CONFIG_WRITE, TWO)
                .at(60).ok("c2", CONFIG_READ, ONE).ok("c3", CONFIG_READ, TWO);
        CheckResult result = new ConvergenceChecker(50_000, List.of("c2", "c3")).check(h.history());
        assertThat(result).isInstanceOf(CheckResult.Violation.class);
        assertThat(((CheckResult.Violation) result).explanation()).contains("c2 CONFIG_READ").contains("not the last write");
    }

    @Test
    void aReaderThatNeverReadOrReadOnlyBeforeTheHealIsCaught() {
        Hist h = new Hist().at(0).call("c1", CONFIG_WRITE, ONE).at(10).ok("c2", CONFIG_READ, ONE);
        CheckResult result = new ConvergenceChecker(50_000, List.of("c2", "c3")).check(h.history());
        assertThat(result.isValid()).isFalse();
        assertThat(((CheckResult.Violation) result).explanation()).contains("c2 reported no value since")
                .contains("c3 reported no value since");
    }
}

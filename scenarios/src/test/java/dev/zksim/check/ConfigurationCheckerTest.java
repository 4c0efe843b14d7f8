package dev.zksim.check;

import static dev.zksim.check.Hist.v;
import static dev.zksim.history.OpKind.CONFIG_READ;
import static dev.zksim.history.OpKind.CONFIG_WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.history.Value;
import org.junit.jupiter.api.Test;

class ConfigurationCheckerTest {
    private static final Value V1 = Value.tuple(v(1), v("a=1"), v("b=1"));
    private static final Value V2 = Value.tuple(v(2), v("a=2"), v("b=2"));
    private static final Value TORN = Value.tuple(v(2), v("a=2"), v("b=1"));

    private static String explain(CheckResult result) {
        assertThat(result.isValid()).as("expected a violation").isFalse();
        return ((CheckResult.Violation) result).explanation();
    }

    @Test
    void readersSeeWholeWrittenConfigurations() {
        Hist h = new Hist().at(0).invoke("c1", CONFIG_READ).ok("c1", CONFIG_READ, V1)
                .at(1).invoke("w", CONFIG_WRITE, V2)
                .at(2).invoke("c1", CONFIG_READ).ok("c1", CONFIG_READ, V2).ok("w", CONFIG_WRITE, V2);
        assertThat(ConfigurationChecker.startingFrom(V1).check(h.history()).isValid()).isTrue();
    }

    @Test
    void aTornReadIsAViolation() {
        Hist h = new Hist().at(0).call("w", CONFIG_WRITE, V1).at(1).invoke("w", CONFIG_WRITE, V2)
                .at(2).invoke("c1", CONFIG_READ).ok("c1", CONFIG_READ, TORN);
        assertThat(explain(ConfigurationChecker.withoutInitialConfig().check(h.history())))
                .startsWith("c1 CONFIG_READ ok [2, a=2, b=1] at 0.002s (#4) read a configuration nobody wrote in full");
    }

    @Test
    void readingBeforeAnyWriteNeedsAnInitialConfiguration() {
        Hist h = new Hist().at(0).invoke("c1", CONFIG_READ).ok("c1", CONFIG_READ, V1);
        assertThat(ConfigurationChecker.withoutInitialConfig().check(h.history()).isValid()).isFalse();
        assertThat(ConfigurationChecker.startingFrom(V1).check(h.history()).isValid()).isTrue();
    }

    @Test
    void aReaderThatGoesBackToAnOlderVersionIsAViolation() {
        Hist h = new Hist().at(0).call("w", CONFIG_WRITE, V2)
                .at(1).invoke("c1", CONFIG_READ).ok("c1", CONFIG_READ, V2)
                .at(2).invoke("c1", CONFIG_READ).ok("c1", CONFIG_READ, V1)
                .at(3).invoke("c2", CONFIG_READ).ok("c2", CONFIG_READ, V1);
        assertThat(explain(ConfigurationChecker.startingFrom(V1).check(h.history())))
                .contains("went back to an older version after c1 CONFIG_READ ok [2, a=2, b=2]");
    }
}

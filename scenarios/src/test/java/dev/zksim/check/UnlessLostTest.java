package dev.zksim.check;

import static dev.zksim.history.OpKind.LOST;
import static dev.zksim.history.OpKind.RENDEZVOUS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.Time;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A liveness failure is excused only by the sessions the excuse names. */
class UnlessLostTest {
    private static final LivenessChecker STUCK = new LivenessChecker(Time.seconds(10), Time.seconds(30), Time.seconds(60));

    /** c1 waits for ever; the workers c2 and c3 lost their sessions as the cases say. */
    private static Hist waiting(String... lost) {
        Hist h = new Hist().at(12_000).invoke("c1", RENDEZVOUS);
        for (String process : lost) {
            h.at(13_000).info(process, LOST);
        }
        return h;
    }

    @Test
    void allExcusesOnlyWhenEveryProcessLostItsSession() {
        Checker checker = UnlessLost.all(List.of("c2", "c3"), STUCK);
        assertThat(checker.check(waiting().history()).isValid()).isFalse();
        assertThat(checker.check(waiting("c2").history()).isValid()).isFalse();
        assertThat(checker.check(waiting("c1").history()).isValid()).isFalse();
        assertThat(checker.check(waiting("c2", "c3").history()).isValid()).isTrue();
        assertThat(checker.name()).endsWith("unless all of [c2, c3] lost its session");
    }

    @Test
    void anyExcusesAsSoonAsOneProcessLostItsSession() {
        Checker checker = UnlessLost.any(List.of("c2", "c3"), STUCK);
        assertThat(checker.check(waiting().history()).isValid()).isFalse();
        assertThat(checker.check(waiting("c3").history()).isValid()).isTrue();
        assertThat(checker.name()).endsWith("unless any of [c2, c3] lost its session");
    }
}

package dev.zksim.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.history.OpKind;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Hold spans: started by an OK of a start kind, ended by any op of an end kind, listed by start. */
class HoldsTest {
    private static final List<OpKind> STARTS = List.of(OpKind.WRITE_LOCK, OpKind.READ_LOCK);
    private static final List<OpKind> ENDS = List.of(OpKind.RELEASE);

    @Test
    void holdsAreListedInTheOrderTheyStartedNotTheOrderTheyEnded() {
        // The writer starts first and ends last; a check that walks holds in start order
        // must see it before the reader granted inside it.
        Hist hist = new Hist().at(1).call("w", OpKind.WRITE_LOCK)
                .at(2).call("r", OpKind.READ_LOCK)
                .at(3).invoke("r", OpKind.RELEASE)
                .at(4).invoke("w", OpKind.RELEASE)
                .at(5).call("o", OpKind.READ_LOCK);
        List<Hold> holds = Holds.of(hist.history(), STARTS, ENDS);
        assertThat(holds).extracting(Hold::process).containsExactly("w", "r", "o");
        assertThat(holds.get(0)).isEqualTo(new Hold("w", OpKind.WRITE_LOCK, hist.op(1), Optional.of(hist.op(5))));
        assertThat(holds.get(2).end()).isEmpty();
    }

    @Test
    void onlyAnOkStartsAHoldAndAStartInsideAHoldDoesNotRestartIt() {
        Hist hist = new Hist().at(1).invoke("w", OpKind.WRITE_LOCK)
                .at(2).call("w", OpKind.READ_LOCK)
                .at(3).call("w", OpKind.WRITE_LOCK)
                .at(4).invoke("w", OpKind.RELEASE);
        List<Hold> holds = Holds.of(hist.history(), STARTS, ENDS);
        assertThat(holds).containsExactly(new Hold("w", OpKind.READ_LOCK, hist.op(2), Optional.of(hist.op(5))));
    }

    @Test
    void aHoldCoversOnlyTheOpsStrictlyInsideIt() {
        Hist hist = new Hist().at(1).call("w", OpKind.WRITE_LOCK).at(2).invoke("w", OpKind.RELEASE);
        Hold hold = Holds.of(hist.history(), STARTS, ENDS).getFirst();
        assertThat(hold.endIndex()).isEqualTo(2);
        assertThat(hold.covers(1)).isFalse();
        assertThat(hold.covers(2)).isFalse();
        Hold open = new Hold("w", OpKind.WRITE_LOCK, hist.op(1), Optional.empty());
        assertThat(open.endIndex()).isEqualTo(Long.MAX_VALUE);
        assertThat(open.covers(5)).isTrue();
        assertThat(open.describe()).endsWith("and never stopped");
        assertThat(hold.describe()).startsWith("w held WRITE_LOCK since ").contains(" until ");
    }
}

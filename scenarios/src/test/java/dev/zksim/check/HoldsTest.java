package dev.zksim.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpType;
import dev.zksim.history.Value;
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

    private static Op add(History history, String process, OpType type, OpKind f, long millis, long session) {
        return history.append(process, type, f, Value.NONE, millis * 1_000, "", session);
    }

    @Test
    void aSessionCloseDoesNotEndABeliefButIsNotedWithTheFirstTimeTheHolderWasTold() {
        History history = new History();
        Op granted = add(history, "c1", OpType.OK, OpKind.WRITE_LOCK, 1, 7);
        add(history, "c1", OpType.OK, OpKind.SESSION_CLOSED, 2, 6);
        add(history, "c1", OpType.INFO, OpKind.RELEASE, 3, 6);
        Op closed = add(history, "c1", OpType.OK, OpKind.SESSION_CLOSED, 4, 7);
        add(history, "c1", OpType.OK, OpKind.DISCONNECTED, 5, 6);
        Op told = add(history, "c1", OpType.OK, OpKind.EXPIRED, 6, 7);
        add(history, "c1", OpType.OK, OpKind.DISCONNECTED, 7, 7);
        Op released = add(history, "c1", OpType.INVOKE, OpKind.RELEASE, 8, 7);
        Hold hold = new Hold("c1", OpKind.WRITE_LOCK, granted, Optional.of(released), Optional.of(closed),
                Optional.of(told));
        assertThat(Holds.of(history, STARTS, ENDS)).containsExactly(hold);
        assertThat(hold.excusedAt(closed.index() - 1)).as("before the close").isFalse();
        assertThat(hold.excusedAt(closed.index())).as("closed, not told").isTrue();
        assertThat(hold.excusedAt(told.index())).as("told").isFalse();
        assertThat(hold.liveEnd()).contains(closed);
        assertThat(hold.zombieNote(told.index())).isEqualTo("c1 had been told by " + told.describe()
                + " and had not stepped down");
    }

    @Test
    void aGrantInASessionAlreadyClosedIsExcusedUntilToldAndACrashEndsAnyHold() {
        History history = new History();
        Op closed = add(history, "c1", OpType.OK, OpKind.SESSION_CLOSED, 1, 7);
        Op stale = add(history, "c1", OpType.OK, OpKind.WRITE_LOCK, 2, 7);
        Op crashed = add(history, "c1", OpType.INFO, OpKind.CRASHED, 4, 0);
        Op granted = add(history, "c1", OpType.OK, OpKind.WRITE_LOCK, 5, 8);
        Op unsessioned = add(history, "c2", OpType.OK, OpKind.READ_LOCK, 5, 0);
        Op released = add(history, "c2", OpType.INVOKE, OpKind.RELEASE, 6, 9);
        List<Hold> holds = Holds.of(history, STARTS, ENDS);
        assertThat(holds).containsExactly(
                new Hold("c1", OpKind.WRITE_LOCK, stale, Optional.of(crashed), Optional.of(closed), Optional.empty()),
                new Hold("c1", OpKind.WRITE_LOCK, granted, Optional.empty()),
                new Hold("c2", OpKind.READ_LOCK, unsessioned, Optional.of(released)));
        assertThat(holds.getFirst().wasLive()).isFalse();
        assertThat(holds.getFirst().excusedAt(stale.index())).isTrue();
        assertThat(holds.get(1).wasLive()).isTrue();
    }
}

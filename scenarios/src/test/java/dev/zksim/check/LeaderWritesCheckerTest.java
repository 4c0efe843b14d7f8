package dev.zksim.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpType;
import dev.zksim.history.Value;
import org.junit.jupiter.api.Test;

/** A controller's state, judged in its version order: stale writes and a state that goes back are caught, lagging reads are not. */
class LeaderWritesCheckerTest {
    private final History history = new History();
    private long millis;

    private Op elected(String process) {
        return history.append(process, OpType.OK, OpKind.ELECTED, Value.of(1), ++millis * 1_000, "");
    }

    private Op wrote(String process, Op term, int n, int version) {
        history.append(process, OpType.INVOKE, OpKind.STATE_WRITE, Value.tuple(Value.of(term.index()), Value.of(n)),
                ++millis * 1_000, "");
        return history.append(process, OpType.OK, OpKind.STATE_WRITE,
                Value.tuple(Value.of(term.index()), Value.of(n), Value.of(version)), millis * 1_000, "");
    }

    private Op read(String reader, int version, Op term, int n) {
        return history.append(reader, OpType.OK, OpKind.STATE_READ, Value.tuple(Value.of(version),
                Value.of(term == null ? -1 : term.index()), Value.of(n), Value.of(term == null ? "initial"
                        : term.process())), ++millis * 1_000, "");
    }

    @Test
    void leadersThatTakeTurnsAndAReaderThatLagsAreFine() {
        read("r1", 0, null, 0);
        Op first = elected("c1");
        wrote("c1", first, 1, 1);
        wrote("c1", first, 2, 2);
        Op second = elected("c2");
        wrote("c2", second, 1, 3);
        read("r1", 3, second, 1);
        // A reader on a new session at a lagging follower, without sync: an older version, no older state.
        read("r2", 1, first, 1);
        Op third = elected("c1");
        wrote("c1", third, 1, 4);
        assertThat(new LeaderWritesChecker().check(history).isValid()).isTrue();
    }

    @Test
    void aWriteOfAnOlderLeaderAcceptedAfterANewerLeaderWroteIsAStaleWrite() {
        Op first = elected("c1");
        wrote("c1", first, 1, 1);
        Op second = elected("c2");
        wrote("c2", second, 1, 2);
        Op stale = wrote("c1", first, 2, 3);
        CheckResult.Violation violation = (CheckResult.Violation) new LeaderWritesChecker().check(history);
        assertThat(violation.time()).isEqualTo(stale.time());
        assertThat(violation.explanation()).startsWith("stale write: write 2 of c1, leader since " + first.describe()
                + " was accepted as version 3").endsWith("after write 1 of c2, leader since " + second.describe()
                + " had written version 2");
        assertThat(violation.ops()).contains(first, second, stale);
    }

    @Test
    void aStaleWriteWhoseReplyWasLostIsCaughtByAReader() {
        Op first = elected("c1");
        wrote("c1", first, 1, 1);
        Op second = elected("c2");
        wrote("c2", second, 1, 2);
        Op seen = read("r1", 3, first, 2);
        CheckResult.Violation violation = (CheckResult.Violation) new LeaderWritesChecker().check(history);
        assertThat(violation.explanation()).startsWith("the state went back: " + seen.describe() + " read version 3");
    }

    @Test
    void anOldWriteOfTheSameLeaderIsNotComparedWithItsOwnNewerTerm() {
        Op first = elected("c1");
        wrote("c1", first, 1, 1);
        Op again = elected("c1");
        wrote("c1", again, 1, 2);
        wrote("c1", first, 2, 3);
        assertThat(new LeaderWritesChecker().check(history).isValid()).isTrue();
        Op other = elected("c2");
        wrote("c2", other, 1, 4);
        wrote("c1", again, 2, 5);
        assertThat(new LeaderWritesChecker().check(history).isValid()).isFalse();
    }
}

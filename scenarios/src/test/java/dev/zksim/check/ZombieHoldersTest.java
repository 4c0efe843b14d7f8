package dev.zksim.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpType;
import dev.zksim.history.Value;
import org.junit.jupiter.api.Test;

/**
 * The rule for beliefs whose session is lost, the same for leaders, locks, semaphores and
 * partition owners: a belief ends only when the recipe says so or its process crashes; an
 * overlap is excused while a holder whose session closed has not been told anything yet, and
 * never once it was told Disconnected or Expired.
 */
class ZombieHoldersTest {
    /** c1 leads in session 1, c2 in session 2. */
    private final History history = new History();

    private Op add(String process, OpKind f, long millis, long session) {
        return history.append(process, OpType.OK, f, Value.NONE, millis * 1_000, "", session);
    }

    @Test
    void aLeaderToldDisconnectedThatKeepsLeadingIsAZombie() {
        add("c1", OpKind.ELECTED, 1, 1);
        Op told = add("c1", OpKind.DISCONNECTED, 4, 1);
        add("c1", OpKind.SESSION_CLOSED, 6, 1);
        Op grant = add("c2", OpKind.ELECTED, 7, 2);
        add("c1", OpKind.LOST, 9, 1);
        CheckResult.Violation violation = (CheckResult.Violation) ExclusionChecker.leaders().check(history);
        assertThat(violation.time()).isEqualTo(grant.time());
        assertThat(violation.explanation()).contains("c2 was granted ELECTED")
                .endsWith("c1 had been told by " + told.describe() + " and had not stepped down");
    }

    @Test
    void aLeaderThatCouldNotKnowIsExcusedUntilItIsTold() {
        add("c1", OpKind.ELECTED, 1, 1);
        add("c1", OpKind.SESSION_CLOSED, 6, 1);
        add("c2", OpKind.ELECTED, 7, 2);
        add("c1", OpKind.DISCONNECTED, 9, 1);
        add("c1", OpKind.SUSPENDED, 9, 1);
        assertThat(ExclusionChecker.leaders().check(history).isValid()).isTrue();
    }

    @Test
    void aPausedLeaderThatKeepsLeadingOnceToldIsCaughtAtTheInstantItWasTold() {
        add("c1", OpKind.ELECTED, 1, 1);
        add("c1", OpKind.SESSION_CLOSED, 6, 1);
        add("c2", OpKind.ELECTED, 7, 2);
        Op told = add("c1", OpKind.EXPIRED, 9, 1);
        add("c1", OpKind.LOST, 10, 1);
        CheckResult.Violation violation = (CheckResult.Violation) ExclusionChecker.leaders().check(history);
        assertThat(violation.time()).isEqualTo(told.time());
        assertThat(violation.ops()).contains(told);
    }

    @Test
    void beingToldOfAnotherSessionIsNoExcuseToEndAndNoBlame() {
        add("c1", OpKind.ACQUIRE, 1, 1);
        add("c1", OpKind.DISCONNECTED, 2, 7);
        add("c1", OpKind.SESSION_CLOSED, 6, 1);
        add("c2", OpKind.ACQUIRE, 7, 2);
        add("c1", OpKind.DISCONNECTED, 9, 1);
        add("c1", OpKind.SUSPENDED, 9, 1);
        assertThat(ExclusionChecker.locks().check(history).isValid()).isTrue();
    }

    @Test
    void aSemaphoreCountsAZombieButNotAHolderThatCouldNotKnow() {
        add("c1", OpKind.ACQUIRE, 1, 1);
        add("c1", OpKind.SESSION_CLOSED, 6, 1);
        add("c2", OpKind.ACQUIRE, 7, 2);
        assertThat(new PermitChecker(1).check(history).isValid()).isTrue();
        Op told = add("c1", OpKind.DISCONNECTED, 9, 1);
        CheckResult.Violation violation = (CheckResult.Violation) new PermitChecker(1).check(history);
        assertThat(violation.time()).isEqualTo(told.time());
        assertThat(violation.explanation()).startsWith("c1 held ACQUIRE").contains("had not stepped down")
                .contains("while 1 of 1 were held");
    }

    @Test
    void aPartitionOwnerToldExpiredThatKeepsOwningIsAZombieOwner() {
        add("c1", OpKind.JOIN, 0, 1);
        add("c2", OpKind.JOIN, 0, 2);
        history.append("c1", OpType.OK, OpKind.OWN, Value.of(0), 1_000, "", 1);
        add("c1", OpKind.SESSION_CLOSED, 6, 1);
        add("c1", OpKind.EXPIRED, 7, 1);
        history.append("c2", OpType.OK, OpKind.OWN, Value.of(0), 8_000, "", 2);
        CheckResult result = new PartitionChecker(1).check(history);
        assertThat(result.isValid()).isFalse();
        assertThat(((CheckResult.Violation) result).explanation()).contains("had not stepped down");
    }
}

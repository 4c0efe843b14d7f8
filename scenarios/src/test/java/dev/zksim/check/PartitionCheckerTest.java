package dev.zksim.check;

import static dev.zksim.check.Hist.v;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.history.OpKind;
import org.junit.jupiter.api.Test;

class PartitionCheckerTest {

    private static Hist twoMembers() {
        return new Hist().at(0).call("c1", OpKind.JOIN).call("c2", OpKind.JOIN);
    }

    @Test
    void aPartitionHandedOverAfterItsOwnerLetGoIsFine() {
        Hist history = twoMembers().at(10).ok("c1", OpKind.OWN, v(0)).ok("c1", OpKind.OWN, v(1))
                .at(20).ok("c1", OpKind.DISOWN, v(1)).at(21).ok("c2", OpKind.OWN, v(1));
        assertThat(new PartitionChecker(2).check(history.history()).isValid()).isTrue();
    }

    @Test
    void twoOwnersOfOnePartitionAtOnceAreASafetyViolation() {
        Hist history = twoMembers().at(10).ok("c1", OpKind.OWN, v(0)).ok("c1", OpKind.OWN, v(1))
                .at(20).ok("c2", OpKind.OWN, v(1)).at(30).ok("c1", OpKind.DISOWN, v(1));
        CheckResult result = new PartitionChecker(2).check(history.history());
        assertThat(result).isInstanceOf(CheckResult.Violation.class);
        CheckResult.Violation violation = (CheckResult.Violation) result;
        assertThat(violation.checker()).isEqualTo("partition ownership of partition 1");
        assertThat(violation.explanation()).contains("c2 was granted OWN").contains("c1");
        assertThat(violation.time()).isEqualTo(20_000);
    }

    @Test
    void aSuspendedOwnerNoLongerBelievesAndMayBeFollowed() {
        Hist history = twoMembers().at(10).ok("c1", OpKind.OWN, v(0)).ok("c2", OpKind.OWN, v(1))
                .at(20).ok("c1", OpKind.SUSPENDED).at(21).ok("c2", OpKind.OWN, v(0))
                .at(30).ok("c1", OpKind.LOST);
        assertThat(new PartitionChecker(2).check(history.history()).isValid()).isTrue();
    }

    @Test
    void aPartitionWithNoLiveOwnerAtTheEndIsALivenessFailure() {
        Hist history = twoMembers().at(10).ok("c1", OpKind.OWN, v(0)).ok("c2", OpKind.OWN, v(1))
                .at(20).ok("c2", OpKind.LOST);
        CheckResult result = new PartitionChecker(2).check(history.history());
        assertThat(result.isValid()).isFalse();
        assertThat(((CheckResult.Violation) result).explanation())
                .isEqualTo("partitions [1] have no owner among the live members [c1] when the run ends");
        assertThat(new PartitionChecker(1).check(history.history()).isValid()).isTrue();
    }

    @Test
    void needsAtLeastOnePartition() {
        assertThatThrownBy(() -> new PartitionChecker(0)).isInstanceOf(IllegalArgumentException.class);
    }
}

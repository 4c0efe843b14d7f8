package dev.zksim.check;

import static dev.zksim.history.OpKind.ABDICATED;
import static dev.zksim.history.OpKind.ACQUIRE;
import static dev.zksim.history.OpKind.ELECTED;
import static dev.zksim.history.OpKind.LOST;
import static dev.zksim.history.OpKind.READ_LOCK;
import static dev.zksim.history.OpKind.RELEASE;
import static dev.zksim.history.OpKind.SUSPENDED;
import static dev.zksim.history.OpKind.WRITE_LOCK;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.SimulationFailure;
import org.junit.jupiter.api.Test;

class ExclusionCheckerTest {

    @Test
    void handingTheLockOnAfterReleaseIsValidEvenWithinOneMicrosecond() {
        Hist h = new Hist().at(0).invoke("c1", ACQUIRE).invoke("c2", ACQUIRE)
                .at(10).ok("c1", ACQUIRE)
                .at(20).invoke("c1", RELEASE).ok("c2", ACQUIRE).ok("c1", RELEASE)
                .at(30).invoke("c2", RELEASE);
        assertThat(ExclusionChecker.locks().check(h.history()).isValid()).isTrue();
    }

    @Test
    void twoHoldersAtOnceIsASafetyViolationNamingBothGrants() {
        Hist h = new Hist().at(1000).call("c1", ACQUIRE)
                .at(2500).call("c2", ACQUIRE)
                .at(3000).invoke("c1", RELEASE);
        CheckResult result = ExclusionChecker.locks().check(h.history());

        assertThat(result).isInstanceOf(CheckResult.Violation.class);
        CheckResult.Violation violation = (CheckResult.Violation) result;
        assertThat(violation.kind()).isEqualTo(FailureKind.SAFETY_VIOLATION);
        assertThat(violation.time()).isEqualTo(2_500_000);
        assertThat(violation.explanation()).isEqualTo("c2 was granted ACQUIRE by c2 ACQUIRE ok at 2.5s (#3) while "
                + "c1 held ACQUIRE since c1 ACQUIRE ok at 1s (#1) until c1 RELEASE invoke at 3s (#4)");
        assertThat(violation.ops()).extracting(op -> op.index()).containsExactly(1L, 3L, 4L);
        assertThatThrownBy(result::throwIfViolated).isInstanceOf(SimulationFailure.class)
                .hasMessageContaining("mutual exclusion (believed)");
    }

    @Test
    void aSuspendedHolderStopsHoldingAtThatInstant() {
        Hist h = new Hist().at(0).call("c1", ACQUIRE)
                .at(5).ok("c1", SUSPENDED)
                .at(6).call("c2", ACQUIRE)
                .at(9).ok("c1", LOST);
        assertThat(ExclusionChecker.locks().check(h.history()).isValid()).isTrue();
    }

    @Test
    void aHolderThatNeverReleasesHoldsToTheEnd() {
        Hist h = new Hist().at(0).call("c1", ACQUIRE).at(100).call("c2", ACQUIRE);
        CheckResult result = ExclusionChecker.locks().check(h.history());
        assertThat(result.isValid()).isFalse();
        assertThat(((CheckResult.Violation) result).explanation()).endsWith("and never stopped");
    }

    @Test
    void failedAcquiresAndRepeatedGrantsToOneProcessHoldNothingNew() {
        Hist h = new Hist().at(0).invoke("c2", ACQUIRE).fail("c2", ACQUIRE)
                .at(1).call("c1", ACQUIRE).call("c1", ACQUIRE)
                .at(2).invoke("c1", RELEASE)
                .at(3).call("c2", ACQUIRE);
        assertThat(ExclusionChecker.locks().check(h.history()).isValid()).isTrue();
    }

    @Test
    void reportsTheEarliestConflictingGrant() {
        Hist h = new Hist().at(0).call("c1", READ_LOCK)
                .at(1).invoke("c1", RELEASE)
                .at(2).call("c2", WRITE_LOCK)
                .at(5).call("c3", READ_LOCK)
                .at(7).call("c4", WRITE_LOCK);
        CheckResult.Violation violation = (CheckResult.Violation) ExclusionChecker.readWriteLocks().check(h.history());
        assertThat(violation.time()).isEqualTo(5_000);
        assertThat(violation.explanation()).startsWith("c3 was granted READ_LOCK").contains("c2 held WRITE_LOCK");
    }

    @Test
    void leadersMayNotOverlapButAbdicationHandsOver() {
        Hist valid = new Hist().at(0).ok("c1", ELECTED).at(4).invoke("c1", ABDICATED).at(5).ok("c2", ELECTED);
        Hist twoLeaders = new Hist().at(0).ok("c1", ELECTED).at(5).ok("c2", ELECTED);
        assertThat(ExclusionChecker.leaders().check(valid.history()).isValid()).isTrue();
        CheckResult result = ExclusionChecker.leaders().check(twoLeaders.history());
        assertThat(result.isValid()).isFalse();
        assertThat(result.checker()).isEqualTo("single leader");
    }

    @Test
    void readersShareButAWriterExcludesEveryone() {
        Hist readers = new Hist().at(0).call("c1", READ_LOCK).at(1).call("c2", READ_LOCK)
                .at(2).invoke("c1", RELEASE).invoke("c2", RELEASE).at(3).call("c3", WRITE_LOCK);
        Hist writerWithReader = new Hist().at(0).call("c1", READ_LOCK).at(1).call("c2", WRITE_LOCK);
        Hist readerWithWriter = new Hist().at(0).call("c2", WRITE_LOCK).at(1).call("c1", READ_LOCK);
        assertThat(ExclusionChecker.readWriteLocks().check(readers.history()).isValid()).isTrue();
        assertThat(ExclusionChecker.readWriteLocks().check(writerWithReader.history()).isValid()).isFalse();
        assertThat(ExclusionChecker.readWriteLocks().check(readerWithWriter.history()).isValid()).isFalse();
    }
}

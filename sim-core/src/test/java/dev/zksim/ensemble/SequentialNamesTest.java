package dev.zksim.ensemble;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.server.tree.Transaction;
import dev.zksim.server.tree.Txn;
import dev.zksim.server.tree.TxnHeader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The committed history's sequential names: rising counters pass, a repeated counter is caught. */
class SequentialNamesTest {
    private final SequentialNames names = new SequentialNames(new Simulation(new SeededChoices(1)));

    private static Transaction create(long zxid, String path, int parentCVersion) {
        return new Transaction(new TxnHeader(1, 1, zxid, 0), new Txn.CreateTxn(path, null, 0, parentCVersion));
    }

    private static Transaction delete(long zxid, String path) {
        return new Transaction(new TxnHeader(1, 1, zxid, 0), new Txn.DeleteTxn(path));
    }

    @Test
    void aCounterThatRepeatsUnderOneParentIsCaught() {
        names.delivered(1, create(1, "/lock", 1));
        names.delivered(2, create(2, "/lock/n-0000000000", 1));
        names.delivered(3, create(3, "/lock/n-0000000001", 2));
        assertThatThrownBy(() -> names.delivered(4, create(4, "/lock/m-0000000001", 2)))
                .isInstanceOf(SimulationFailure.class)
                .hasMessageContaining("sequential name /lock/m-0000000001 committed at zxid 0x4 reuses counter 1 of /lock");
    }

    @Test
    void aParentCreatedAgainStartsItsCountersAfreshAndPlainNamesAreNotJudged() {
        names.delivered(1, create(1, "/q", 1));
        names.delivered(2, create(2, "/q/item-0000000000", 1));
        names.delivered(3, delete(3, "/q/item-0000000000"));
        names.delivered(4, delete(4, "/q"));
        names.delivered(5, create(5, "/q", 3));
        assertThatCode(() -> names.delivered(6, create(6, "/q/item-0000000000", 1))).doesNotThrowAnyException();
        // A plain create whose name ends in digits that are not its counter.
        assertThatCode(() -> names.delivered(7, create(7, "/q/x-0000000000", 2))).doesNotThrowAnyException();
        // A second delivery of a zxid (another replica) is not judged again.
        assertThatCode(() -> names.delivered(6, create(6, "/q/item-0000000000", 1))).doesNotThrowAnyException();
    }

    @Test
    void createsInsideAMultiAreJudgedInOrder() {
        names.delivered(1, create(1, "/m/a-0000000004", 5));
        Txn multi = new Txn.MultiTxn(List.of(new Txn.CreateTxn("/m/b-0000000005", null, 0, 6),
                new Txn.CreateTxn("/m/c-0000000005", null, 0, 6)));
        assertThatThrownBy(() -> names.delivered(2, new Transaction(new TxnHeader(1, 1, 2, 0), multi)))
                .hasMessageContaining("reuses counter 5 of /m");
    }
}

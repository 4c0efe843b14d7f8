package dev.zksim.server.prep;

import static dev.zksim.server.prep.PrepHarness.SESSION;
import static dev.zksim.server.prep.PrepHarness.bytes;
import static dev.zksim.server.prep.PrepHarness.create;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.server.tree.Txn;
import dev.zksim.server.tree.Txn.CreateTxn;
import dev.zksim.server.tree.Txn.DeleteTxn;
import dev.zksim.server.tree.Txn.ErrorTxn;
import org.junit.jupiter.api.Test;

/** createTTL (PrepRequestProcessor.validateCreateRequest) and deleteContainer preparation. */
class TtlAndContainerPrepTest {
    private final PrepHarness server = new PrepHarness();

    private static Request ttl(String path, CreateMode mode, long ttl) {
        return new Request.TtlCreateRequest(path, bytes("d"), mode, ttl);
    }

    @Test
    void aTtlNodeStoresItsTtlInTheOwnerButShowsNoOwnerAndTakesChildren() {
        long owner = Txn.ttlOwner(5_000);
        assertThat(server.submitTxn(ttl("/t", CreateMode.PERSISTENT_WITH_TTL, 5_000)))
            .isEqualTo(new CreateTxn("/t", bytes("d"), owner, 1));
        assertThat(server.tree.stat("/t").ephemeralOwner()).isZero();
        assertThat(server.tree.ttlNodes()).containsExactly("/t");
        assertThat(server.submitTxn(create("/t/child"))).isInstanceOf(CreateTxn.class);
        assertThat(server.submitTxn(ttl("/t/s-", CreateMode.PERSISTENT_SEQUENTIAL_WITH_TTL, 1)))
            .isEqualTo(new CreateTxn("/t/s-0000000001", bytes("d"), Txn.ttlOwner(1), 2));
    }

    @Test
    void withoutExtendedTypesATtlCreateIsUnimplementedBeforeItsTtlIsChecked() {
        server.preparer.setExtendedTypes(false);
        assertThat(server.submitTxn(ttl("/t", CreateMode.PERSISTENT_WITH_TTL, 0))).isEqualTo(new ErrorTxn(-6));
        assertThat(server.submitTxn(ttl("/p", CreateMode.PERSISTENT, 10))).isEqualTo(new ErrorTxn(-8));
    }

    @Test
    void aBadTtlIsBadArgumentsBeforeTheSessionAndThePathAreChecked() {
        assertThat(server.prepare(ttl("/t", CreateMode.PERSISTENT_WITH_TTL, 0), SESSION, SessionCheck.UNKNOWN).txn())
            .isEqualTo(new ErrorTxn(-8));
        assertThat(server.submitTxn(ttl("/missing/t", CreateMode.PERSISTENT_WITH_TTL, CreateMode.MAX_TTL + 1)))
            .isEqualTo(new ErrorTxn(-8));
        assertThat(server.submitTxn(ttl("/missing/t", CreateMode.PERSISTENT_WITH_TTL, CreateMode.MAX_TTL)))
            .isEqualTo(new ErrorTxn(-101));
    }

    @Test
    void deleteContainerDeletesAnyEmptyNonEphemeralAndRefusesTheRest() {
        server.submit(create("/c", CreateMode.CONTAINER));
        server.submit(create("/full", CreateMode.CONTAINER));
        server.submit(create("/full/x"));
        server.submit(create("/e", CreateMode.EPHEMERAL));

        assertThat(server.submitTxn(new Request.DeleteContainerRequest("/c"))).isEqualTo(new DeleteTxn("/c"));
        assertThat(server.submitTxn(new Request.DeleteContainerRequest("/c"))).isEqualTo(new ErrorTxn(-101));
        assertThat(server.submitTxn(new Request.DeleteContainerRequest("/full"))).isEqualTo(new ErrorTxn(-111));
        assertThat(server.submitTxn(new Request.DeleteContainerRequest("/e"))).isEqualTo(new ErrorTxn(-103));
        assertThat(server.submitTxn(new Request.DeleteContainerRequest("/full/x"))).isEqualTo(new DeleteTxn("/full/x"));
        assertThat(server.submitTxn(new Request.DeleteContainerRequest("/zookeeper"))).isEqualTo(new ErrorTxn(-8));
        assertThat(server.tree.containers()).containsExactly("/full");
    }

    @Test
    void aTtlCreateInsideAMultiIsPreparedLikeOneOutsideAndATtlModeWithoutTtlFails() {
        PrepHarness.multi(dev.zksim.api.Op.create("/m", bytes("d"), CreateMode.PERSISTENT_WITH_TTL, 7)).ops()
            .forEach(dev.zksim.api.Op::validate);
        assertThat(server.submitTxn(PrepHarness.multi(
                dev.zksim.api.Op.create("/m", bytes("d"), CreateMode.PERSISTENT_WITH_TTL, 7))))
            .isEqualTo(new Txn.MultiTxn(java.util.List.of(new CreateTxn("/m", bytes("d"), Txn.ttlOwner(7), 1))));
        assertThat(server.submitTxn(PrepHarness.multi(
                new dev.zksim.api.Op.Create("/n", bytes("d"), CreateMode.PERSISTENT_WITH_TTL))))
            .isEqualTo(new Txn.MultiTxn(java.util.List.of(new ErrorTxn(-8))));
        org.assertj.core.api.Assertions.assertThatThrownBy(
                () -> new dev.zksim.api.Op.Create("/n", null, CreateMode.PERSISTENT_WITH_TTL).validate())
            .isInstanceOf(IllegalArgumentException.class);
        assertThat(dev.zksim.api.Op.create("/p", null, CreateMode.PERSISTENT, -1))
            .isEqualTo(dev.zksim.api.Op.create("/p", null, CreateMode.PERSISTENT));
    }
}

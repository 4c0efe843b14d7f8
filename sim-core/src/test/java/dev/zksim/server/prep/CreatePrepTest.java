package dev.zksim.server.prep;

import static dev.zksim.server.prep.PrepHarness.SESSION;
import static dev.zksim.server.prep.PrepHarness.bytes;
import static dev.zksim.server.prep.PrepHarness.create;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.Stat;
import dev.zksim.server.tree.Transaction;
import dev.zksim.server.tree.Txn;
import dev.zksim.server.tree.Txn.CreateTxn;
import dev.zksim.server.tree.Txn.ErrorTxn;
import dev.zksim.server.tree.TxnHeader;
import org.junit.jupiter.api.Test;

/** Reference 1.4, 1.5 and 2.2: create, its check order and sequential naming. */
class CreatePrepTest {
    private final PrepHarness server = new PrepHarness();

    private static ErrorTxn error(int code) {
        return new ErrorTxn(code);
    }

    @Test
    void createBecomesCreateTxnWithTheParentsNextInternalCversion() {
        assertThat(server.submitTxn(create("/a"))).isEqualTo(new CreateTxn("/a", bytes("d"), 0, 1));
        assertThat(server.submitTxn(create("/a/b"))).isEqualTo(new CreateTxn("/a/b", bytes("d"), 0, 1));
        assertThat(server.tree.stat("/a/b").czxid()).isEqualTo(2);
    }

    @Test
    void createOfRootFailsWithNodeExists() {
        assertThat(server.submitTxn(create("/"))).isEqualTo(error(-110));
    }

    @Test
    void failedCreateStillConsumesItsZxid() {
        Transaction failed = server.prepare(create("/missing/child"));
        assertThat(failed.header()).isEqualTo(new TxnHeader(SESSION, 1, 1, PrepHarness.TIME + 1));
        assertThat(failed.txn()).isEqualTo(error(-101));
        server.applyAll();
        assertThat(server.tree.lastProcessedZxid()).isEqualTo(1);

        server.submit(create("/a"));
        assertThat(server.tree.stat("/a").czxid()).isEqualTo(2);
    }

    @Test
    void pathWithoutSlashOrWithNulIsBadArgumentsBeforeTheParentLookup() {
        assertThat(server.submitTxn(create("a"))).isEqualTo(error(-8));
        assertThat(server.submitTxn(create("/missing/x\u0000"))).isEqualTo(error(-8));
    }

    @Test
    void invalidPathUnderMissingParentReportsNoNodeFirst() {
        assertThat(server.submitTxn(create("/missing/./x"))).isEqualTo(error(-101));
        assertThat(server.submitTxn(create("/missing/"))).isEqualTo(error(-101));
    }

    @Test
    void invalidPathUnderExistingParentIsBadArguments() {
        server.submit(create("/a"));
        assertThat(server.submitTxn(create("/a/"))).isEqualTo(error(-8));
        assertThat(server.submitTxn(create("/a/.."))).isEqualTo(error(-8));
        assertThat(server.submitTxn(create("//a"))).isEqualTo(error(-8));
    }

    @Test
    void sequentialCreateOnPathEndingInSlashNamesTheChildByTheCounter() {
        server.submit(create("/a"));
        CreateTxn txn = (CreateTxn) server.submitTxn(create("/a/", CreateMode.PERSISTENT_SEQUENTIAL));
        assertThat(txn.path()).isEqualTo("/a/0000000000");
    }

    @Test
    void sequenceSuffixIsTheParentsInternalCversion() {
        // Reference 1.4: /p/a, /p/b, then /p/c- -> 2; delete /p/a; /p/c- -> 3.
        server.submit(create("/p"));
        server.submit(create("/p/a"));
        server.submit(create("/p/b"));
        assertThat(server.submit(create("/p/c-", CreateMode.PERSISTENT_SEQUENTIAL)).outcome())
                .extracting("path").isEqualTo("/p/c-0000000002");
        server.submit(Request.delete("/p/a", -1));
        assertThat(server.submit(create("/p/c-", CreateMode.EPHEMERAL_SEQUENTIAL)).outcome())
                .extracting("path").isEqualTo("/p/c-0000000003");
        Stat parent = server.tree.stat("/p");
        assertThat(parent.numChildren()).isEqualTo(3);
        assertThat(parent.cversion()).isEqualTo(5);
    }

    @Test
    void childrenOfRootStartCountingAtZero() {
        assertThat(((CreateTxn) server.submitTxn(create("/s-", CreateMode.PERSISTENT_SEQUENTIAL))).path())
                .isEqualTo("/s-0000000000");
    }

    @Test
    void counterRestartsWhenTheParentIsRecreated() {
        server.submit(create("/p"));
        server.submit(create("/p/x"));
        server.submit(Request.delete("/p/x", -1));
        server.submit(Request.delete("/p", -1));
        server.submit(create("/p"));
        assertThat(((CreateTxn) server.submitTxn(create("/p/s", CreateMode.PERSISTENT_SEQUENTIAL))).path())
                .isEqualTo("/p/s0000000000");
    }

    @Test
    void sequentialCreateFailsWithNodeExistsUntilAnotherChildBumpsTheCounter() {
        server.submit(create("/p"));
        server.submit(create("/p/x0000000001"));
        Request sequential = create("/p/x", CreateMode.PERSISTENT_SEQUENTIAL);
        assertThat(server.submitTxn(sequential)).isEqualTo(error(-110));
        assertThat(server.submitTxn(sequential)).isEqualTo(error(-110));
        server.submit(create("/p/other"));
        assertThat(((CreateTxn) server.submitTxn(sequential)).path()).isEqualTo("/p/x0000000002");
    }

    @Test
    void ephemeralParentRejectsChildrenButNodeExistsIsCheckedFirst() {
        server.submit(create("/e", CreateMode.EPHEMERAL));
        // Plant a child under the ephemeral directly in the tree, as no request can.
        server.tree.apply(new Transaction(new TxnHeader(SESSION, 0, 100, 0), new CreateTxn("/e/c", null, 0, 1)));
        assertThat(server.submitTxn(create("/e/c"))).isEqualTo(error(-110));
        assertThat(server.submitTxn(create("/e/d"))).isEqualTo(error(-108));
    }

    @Test
    void ephemeralTxnCarriesTheSessionAndContainerTxnTheMarker() {
        assertThat(((CreateTxn) server.submitTxn(create("/e", CreateMode.EPHEMERAL))).ephemeralOwner()).isEqualTo(SESSION);
        CreateTxn container = (CreateTxn) server.submitTxn(create("/c", CreateMode.CONTAINER));
        assertThat(container.ephemeralOwner()).isEqualTo(Txn.CONTAINER_OWNER);
        assertThat(server.tree.stat("/c").ephemeralOwner()).isZero();
        assertThat(server.submitTxn(create("/c/child"))).isInstanceOf(CreateTxn.class);
    }

    @Test
    void sessionVerdictsMapToZooKeeperCodesBeforeAnyPathCheck() {
        assertThat(server.prepare(create("bad"), SESSION, SessionCheck.CLOSING).txn()).isEqualTo(error(-112));
        assertThat(server.prepare(create("bad"), SESSION, SessionCheck.UNKNOWN).txn()).isEqualTo(error(-12));
        assertThat(server.prepare(create("bad", CreateMode.EPHEMERAL), SESSION, SessionCheck.UNKNOWN).txn())
                .isEqualTo(error(-112));
        assertThat(server.prepare(create("bad"), SESSION, SessionCheck.MOVED).txn()).isEqualTo(error(-118));
    }

    @Test
    void readOnlyConfigNodeRejectsChildrenWithNoAuthBeforePathValidation() {
        assertThat(server.submitTxn(create("/zookeeper/config/"))).isEqualTo(error(-102));
        assertThat(server.submitTxn(create("/zookeeper/config/x/y"))).isEqualTo(error(-101));
        assertThat(server.submitTxn(create("/zookeeper/mine"))).isInstanceOf(CreateTxn.class);
    }

    @Test
    void nullDataSurvivesPrepareAndApply() {
        server.submit(Request.create("/n", null, CreateMode.PERSISTENT));
        assertThat(server.tree.getData("/n").data()).isNull();
        assertThat(server.tree.stat("/n").dataLength()).isZero();
    }
}

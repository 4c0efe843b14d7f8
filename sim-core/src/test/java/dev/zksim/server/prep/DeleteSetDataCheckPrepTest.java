package dev.zksim.server.prep;

import static dev.zksim.server.prep.PrepHarness.bytes;
import static dev.zksim.server.prep.PrepHarness.create;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.server.tree.Txn.CheckTxn;
import dev.zksim.server.tree.Txn.DeleteTxn;
import dev.zksim.server.tree.Txn.ErrorTxn;
import dev.zksim.server.tree.Txn.SetDataTxn;
import dev.zksim.server.tree.ZnodePaths;
import org.junit.jupiter.api.Test;

/** Reference 1.1, 1.2, 2.3, 2.4 and 2.6: delete, setData and check preparation. */
class DeleteSetDataCheckPrepTest {
    private final PrepHarness server = new PrepHarness();

    private static ErrorTxn error(int code) {
        return new ErrorTxn(code);
    }

    @Test
    void specialPathsCannotBeDeleted() {
        for (String special : ZnodePaths.SPECIAL_PATHS) {
            assertThat(server.submitTxn(Request.delete(special, -1))).as(special).isEqualTo(error(-8));
        }
        assertThat(server.tree.nodeCount()).isEqualTo(4);
    }

    @Test
    void deleteOfPathWithoutSlashOrWithNulIsBadArguments() {
        assertThat(server.submitTxn(Request.delete("a", -1))).isEqualTo(error(-8));
        assertThat(server.submitTxn(Request.delete("/missing/a\u0000", -1))).isEqualTo(error(-8));
    }

    @Test
    void deleteOfMissingParentOrNodeIsNoNode() {
        assertThat(server.submitTxn(Request.delete("/missing/a", -1))).isEqualTo(error(-101));
        assertThat(server.submitTxn(Request.delete("/missing", -1))).isEqualTo(error(-101));
    }

    @Test
    void deleteChecksParentPermissionBeforeTheNodesExistence() {
        assertThat(server.submitTxn(Request.delete("/zookeeper/config/x", -1))).isEqualTo(error(-102));
    }

    @Test
    void badVersionIsCheckedBeforeNotEmpty() {
        server.submit(create("/a"));
        server.submit(create("/a/b"));
        assertThat(server.submitTxn(Request.delete("/a", 5))).isEqualTo(error(-103));
        assertThat(server.submitTxn(Request.delete("/a", 0))).isEqualTo(error(-111));
        assertThat(server.submitTxn(Request.delete("/a", -1))).isEqualTo(error(-111));
    }

    @Test
    void deleteWithMatchingOrWildcardVersionSucceeds() {
        server.submit(create("/a"));
        server.submit(create("/b"));
        assertThat(server.submitTxn(Request.delete("/a", 0))).isEqualTo(new DeleteTxn("/a"));
        assertThat(server.submitTxn(Request.delete("/b", -1))).isEqualTo(new DeleteTxn("/b"));
        assertThat(server.tree.getChildren("/")).containsExactly("zookeeper");
    }

    @Test
    void anySessionMayDeleteAnotherSessionsEphemeral() {
        server.submit(create("/e", dev.zksim.api.CreateMode.EPHEMERAL));
        server.submit(Request.delete("/e", -1), 0x77L, SessionCheck.OK);
        assertThat(server.tree.exists("/e")).isFalse();
        assertThat(server.tree.ephemerals(PrepHarness.SESSION)).isEmpty();
    }

    @Test
    void deleteSessionCheckComesFirst() {
        assertThat(server.prepare(Request.delete("/", -1), 1, SessionCheck.CLOSING).txn()).isEqualTo(error(-112));
    }

    @Test
    void setDataValidatesThePathBeforeLookingItUp() {
        assertThat(server.submitTxn(Request.setData("/missing/", null, -1))).isEqualTo(error(-8));
        assertThat(server.submitTxn(Request.setData("/missing", null, -1))).isEqualTo(error(-101));
    }

    @Test
    void setDataOnReadOnlyConfigIsNoAuthBeforeBadVersion() {
        assertThat(server.submitTxn(Request.setData("/zookeeper/config", null, 7))).isEqualTo(error(-102));
    }

    @Test
    void setDataChecksVersionAndProducesTheNextVersion() {
        server.submit(create("/a"));
        assertThat(server.submitTxn(Request.setData("/a", bytes("x"), 3))).isEqualTo(error(-103));
        assertThat(server.submitTxn(Request.setData("/a", bytes("x"), 0)))
                .isEqualTo(new SetDataTxn("/a", bytes("x"), 1));
        assertThat(server.submitTxn(Request.setData("/a", null, -1))).isEqualTo(new SetDataTxn("/a", null, 2));
        assertThat(server.tree.stat("/a").version()).isEqualTo(2);
        assertThat(server.tree.getData("/a").data()).isNull();
    }

    @Test
    void checkFollowsSessionPathNodeThenVersionOrder() {
        server.submit(create("/a"));
        assertThat(server.prepare(Request.check("bad", 0), 1, SessionCheck.MOVED).txn()).isEqualTo(error(-118));
        assertThat(server.submitTxn(Request.check("/a/", 0))).isEqualTo(error(-8));
        assertThat(server.submitTxn(Request.check("/b", 0))).isEqualTo(error(-101));
        assertThat(server.submitTxn(Request.check("/a", 1))).isEqualTo(error(-103));
        assertThat(server.submitTxn(Request.check("/a", -1))).isEqualTo(new CheckTxn("/a", -1));
        assertThat(server.submitTxn(Request.check("/zookeeper/config", 0))).isEqualTo(new CheckTxn("/zookeeper/config", 0));
    }
}

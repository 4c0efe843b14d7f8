package dev.zksim.server.tree;

import static dev.zksim.server.tree.DataTreeTest.SESSION;
import static dev.zksim.server.tree.DataTreeTest.persistent;
import static dev.zksim.server.tree.DataTreeTest.txn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.server.tree.Txn.CreateTxn;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Reference 2.7 and 1.5: the reads the server answers from its local tree. */
class DataTreeReadsTest {
    private final DataTree tree = DataTree.standalone();

    @Test
    void missingNodesReadAsNull() {
        assertThat(tree.exists("/nope")).isFalse();
        assertThat(tree.stat("/nope")).isNull();
        assertThat(tree.getData("/nope")).isNull();
        assertThat(tree.getChildren("/nope")).isNull();
        assertThat(tree.getChildren2("/nope")).isNull();
        assertThat(tree.nodeInfo("/nope")).isNull();
    }

    @Test
    void childrenAreRelativeSortedAndComeWithTheNodesOwnStat() {
        tree.apply(txn(1, persistent("/p", 1)));
        tree.apply(txn(2, persistent("/p/b", 1)));
        tree.apply(txn(3, persistent("/p/a", 2)));
        var children = tree.getChildren2("/p");
        assertThat(children.children()).containsExactly("a", "b");
        assertThat(children.stat()).isEqualTo(tree.stat("/p"));
        assertThat(children.stat().numChildren()).isEqualTo(2);
    }

    @Test
    void getEphemeralsPrefixIsAPlainStringMatch() {
        tree.apply(txn(1, persistent("/ab", 1)));
        tree.apply(txn(2, new CreateTxn("/a", null, SESSION, 2)));
        tree.apply(txn(3, new CreateTxn("/ab/x", null, SESSION, 1)));
        tree.apply(txn(4, new CreateTxn("/b", null, SESSION, 3)));
        assertThat(tree.ephemerals(SESSION, "/a")).containsExactly("/a", "/ab/x");
        assertThat(tree.ephemerals(SESSION, "/")).containsExactly("/a", "/ab/x", "/b");
        assertThat(tree.ephemerals(SESSION, null)).hasSize(3);
        assertThat(tree.ephemerals(0x999L, "/")).isEmpty();
    }

    @Test
    void allChildrenNumberCountsDescendantsIncludingSystemNodesUnderRoot() {
        assertThat(tree.allChildrenNumber("/")).isEqualTo(3);
        tree.apply(txn(1, persistent("/p", 1)));
        tree.apply(txn(2, persistent("/p/q", 1)));
        tree.apply(txn(3, persistent("/p/q/r", 1)));
        assertThat(tree.allChildrenNumber("/p")).isEqualTo(2);
        assertThat(tree.allChildrenNumber("/")).isEqualTo(tree.nodeCount() - 1);
    }

    @Test
    void childListsAreSharedBetweenReadsUntilTheChildrenChange() {
        DataTree tree = DataTree.standalone();
        tree.apply(txn(1, persistent("/p", 1)));
        tree.apply(txn(2, persistent("/p/b", 1)));
        tree.apply(txn(3, persistent("/p/a", 1)));
        var first = tree.getChildren("/p");
        assertThat(first).containsExactly("a", "b");
        assertThat(tree.getChildren("/p")).isSameAs(first);
        assertThat(tree.getChildren2("/p").children()).isSameAs(first);
        tree.apply(txn(4, persistent("/p/c", 1)));
        assertThat(tree.getChildren("/p")).containsExactly("a", "b", "c");
        assertThat(first).as("a list once returned never changes").containsExactly("a", "b");
        tree.apply(txn(5, new Txn.DeleteTxn("/p/a")));
        assertThat(tree.getChildren("/p")).containsExactly("b", "c");
        tree.apply(txn(6, persistent("/p/c", 1)));
        assertThat(tree.getChildren("/p")).as("a create that fails leaves the list as it was").containsExactly("b", "c");
    }

    /**
     * A kept listing takes a name after the last one and drops the first one without a search:
     * it must still place every other name and find every other child, and copy itself whole.
     */
    @Test
    void aKeptListingStaysSortedWhereverNamesComeAndGo() {
        DataTree tree = DataTree.standalone();
        tree.apply(txn(1, persistent("/p", 1)));
        TreeSet<String> expected = new TreeSet<>();
        String[] created = {"n-05", "n-07", "n-01", "n-09", "a", "n-06", "z", "n-10", "n-11", "m"};
        String[] deleted = {"n-01", "z", "n-07", "a", "n-11", "n-05", "m", "n-06", "n-09", "n-10"};
        long zxid = 2;
        for (String name : created) {
            tree.apply(txn(zxid++, persistent("/p/" + name, 1)));
            expected.add(name);
            assertThat(tree.getChildren("/p")).as("after creating %s", name).containsExactlyElementsOf(expected);
        }
        assertThat(tree.getChildren("/p").toArray()).containsExactly(expected.toArray());
        assertThat(List.copyOf(tree.getChildren("/p"))).containsExactlyElementsOf(expected);
        for (String name : deleted) {
            tree.apply(txn(zxid++, new Txn.DeleteTxn("/p/" + name)));
            expected.remove(name);
            assertThat(new ArrayList<>(tree.getChildren("/p"))).as("after deleting %s", name)
                    .containsExactlyElementsOf(expected);
        }
    }
}

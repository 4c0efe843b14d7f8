package dev.zksim.server.watch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * The watch tables' small sets keep registration order and set semantics both while they
 * are scanned and after they grew a hash index (past sixteen members).
 */
class CompactWatchSetsTest {

    @Test
    void connectionSetKeepsOrderAbsorbsDuplicatesAndRemovesInPlace() {
        ConnectionSet set = new ConnectionSet();
        assertThat(set.add(30)).isTrue();
        assertThat(set.add(10)).isTrue();
        assertThat(set.add(20)).isTrue();
        assertThat(set.add(10)).isFalse();

        assertThat(set.toArray()).containsExactly(30, 10, 20);
        assertThat(set.remove(10)).isTrue();
        assertThat(set.remove(10)).isFalse();
        assertThat(set.toArray()).containsExactly(30, 20);
        assertThat(set.contains(20)).isTrue();
        assertThat(set.contains(10)).isFalse();
    }

    @Test
    void aLargeConnectionSetBehavesAsASmallOne() {
        ConnectionSet set = new ConnectionSet();
        long[] ids = LongStream.rangeClosed(1, 40).map(i -> 1000 - 7 * i).toArray();
        for (long id : ids) {
            assertThat(set.add(id)).isTrue();
        }
        for (long id : ids) {
            assertThat(set.add(id)).isFalse();
        }
        assertThat(set.toArray()).containsExactly(ids);

        assertThat(set.remove(ids[0])).isTrue();
        assertThat(set.remove(ids[25])).isTrue();
        assertThat(set.remove(ids[25])).isFalse();
        assertThat(set.contains(ids[25])).isFalse();
        assertThat(set.add(ids[25])).isTrue();

        List<Long> expected = new ArrayList<>();
        for (int i = 1; i < ids.length; i++) {
            if (i != 25) {
                expected.add(ids[i]);
            }
        }
        expected.add(ids[25]);
        assertThat(set.toArray()).containsExactly(expected.stream().mapToLong(Long::longValue).toArray());
    }

    @Test
    void addAllAddsOnlyTheMissingInTheOthersOrder() {
        ConnectionSet fired = new ConnectionSet();
        fired.add(5);
        fired.add(6);
        ConnectionSet standing = new ConnectionSet();
        standing.add(7);
        standing.add(5);
        standing.add(8);

        fired.addAll(standing);

        assertThat(fired.toArray()).containsExactly(5, 6, 7, 8);
    }

    @Test
    void pathSetKeepsRegistrationOrderSmallAndLarge() {
        PathSet paths = new PathSet();
        List<String> added = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            String path = "/p/" + (29 - i);
            paths.add(path);
            added.add(path);
        }
        assertThat(paths.toList()).containsExactlyElementsOf(added);

        assertThat(paths.remove(new String("/p/3"))).isTrue();
        assertThat(paths.remove("/p/3")).isFalse();
        assertThat(paths.remove("/p/none")).isFalse();
        added.remove("/p/3");
        assertThat(paths.toList()).containsExactlyElementsOf(added);
        assertThat(paths.size()).isEqualTo(29);
    }

    @Test
    void aSmallPathSetEmptiesAndFillsAgain() {
        PathSet paths = new PathSet();
        paths.add("/a");
        paths.add("/b");
        assertThat(paths.remove("/a")).isTrue();
        assertThat(paths.remove("/b")).isTrue();
        assertThat(paths.isEmpty()).isTrue();
        paths.add("/c");
        assertThat(paths.toList()).containsExactly("/c");
    }

    @Test
    void aHerdOnOnePathIsTakenInRegistrationOrderAndForgottenByEachConnection() {
        ServerWatchTable watches = new ServerWatchTable();
        for (long connection = 100; connection > 60; connection--) {
            watches.addChildWatch("/herd", connection);
            watches.addDataWatch("/herd/own-" + connection, connection);
        }
        watches.removeConnection(80);

        List<Long> notified = watches.trigger(dev.zksim.api.EventType.NodeCreated, "/herd/x", 9).stream()
            .map(WatchDelivery::connectionId).toList();

        assertThat(notified).hasSize(39).doesNotContain(80L).startsWith(100L, 99L).endsWith(61L);
        assertThat(watches.pathsOf(WatchKind.CHILD, 99)).isEmpty();
        assertThat(watches.pathsOf(WatchKind.DATA, 99)).containsExactly("/herd/own-99");
        assertThat(watches.watchCount()).isEqualTo(39);
    }
}

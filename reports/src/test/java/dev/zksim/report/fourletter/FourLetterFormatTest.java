package dev.zksim.report.fourletter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.kernel.trace.TraceRecord;
import dev.zksim.server.ServerEvent;
import dev.zksim.server.ServerIntrospection.ConnectionInfo;
import dev.zksim.server.ServerRole;
import dev.zksim.server.watch.WatchKind;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class FourLetterFormatTest {
    private static final long S1 = 0x100000001L;
    private static final long S2 = 0x100000002L;

    /** A follower with two clients: c1 (conn 7) holds an ephemeral lock node and watches; c2 (conn 9) watches too. */
    private static ServerSnapshot follower(boolean serving) {
        SortedMap<Long, SortedSet<String>> data = new TreeMap<>(Map.of(7L, new TreeSet<>(List.of("/lock/n1", "/cfg")),
                9L, new TreeSet<>(List.of("/lock/n1"))));
        SortedMap<Long, SortedSet<String>> child = new TreeMap<>(Map.of(9L, new TreeSet<>(List.of("/lock"))));
        SortedMap<Long, SortedSet<String>> persistent = new TreeMap<>(Map.of(7L, new TreeSet<>(List.of("/app"))));
        Map<WatchKind, SortedMap<Long, SortedSet<String>>> watches = Map.of(WatchKind.DATA, data, WatchKind.CHILD, child,
                WatchKind.PERSISTENT, persistent);
        return new ServerSnapshot("s2", 12_500_000, serving, serving ? ServerRole.FOLLOWING : ServerRole.LOOKING, 1,
                0x100000005L, 0x100000006L, 0xabcL, 7, 123, new TreeMap<>(Map.of(S1, 12000, S2, 6000)),
                new TreeMap<>(Map.of(S1, List.of("/lock/n1"))),
                List.of(new ConnectionInfo(7, "c1", S1, "ESTABLISHED"), new ConnectionInfo(9, "c2", S2, "ESTABLISHED")),
                1, watches, new Traffic(10, 9, 0, 1.5, 4));
    }

    @Test
    void statListsClientsThenServerStatistics() {
        assertThat(FourLetterWord.STAT.answer(follower(true))).isEqualTo("""
                Zookeeper version: 3.9.5-zksim, built on (simulated server)
                Clients:
                 /c1:7[1](queued=0,sid=0x100000001)
                 /c2:9[1](queued=0,sid=0x100000002)

                Latency min/avg/max: 0/1.5/4
                Received: 10
                Sent: 9
                Connections: 2
                Outstanding: 1
                Zxid: 0x100000005
                Mode: follower
                Node count: 7
                """);
        assertThat(FourLetterWord.SRVR.answer(follower(true))).doesNotContain("Clients:").contains("Mode: follower\n");
    }

    @Test
    void mntrCountsWatchesAsZooKeepersTwoManagersDo() {
        String mntr = FourLetterWord.MNTR.answer(follower(true));
        assertThat(mntr).contains("zk_server_state\tfollower\n", "zk_znode_count\t7\n", "zk_ephemerals_count\t1\n",
                "zk_approximate_data_size\t123\n", "zk_num_alive_connections\t2\n", "zk_global_sessions\t2\n",
                "zksim_last_delivered_zxid\t0x100000006\n");
        // Data manager: 3 data watches and the persistent one; child manager: 1 child watch and the persistent one again.
        assertThat(mntr).contains("zk_watch_count\t6\n");
        assertThat(mntr.lines()).allMatch(line -> line.split("\t").length == 2);
    }

    @Test
    void watchWordsPrintSessionsNotConnections() {
        ServerSnapshot server = follower(true);
        assertThat(FourLetterWord.WCHS.answer(server)).isEqualTo("2 connections watching 3 paths\nTotal watches:4\n");
        assertThat(FourLetterWord.WCHC.answer(server)).isEqualTo(
                "0x100000001\n\t/app\n\t/cfg\n\t/lock/n1\n0x100000002\n\t/lock/n1\n"
                        + "0x100000001\n\t/app\n0x100000002\n\t/lock\n");
        assertThat(FourLetterWord.WCHP.answer(server)).isEqualTo(
                "/app\n\t0x100000001\n/cfg\n\t0x100000001\n/lock/n1\n\t0x100000001\n\t0x100000002\n"
                        + "/app\n\t0x100000001\n/lock\n\t0x100000002\n");
    }

    @Test
    void consAndDumpDescribeConnectionsSessionsAndEphemerals() {
        ServerSnapshot server = follower(true);
        assertThat(FourLetterWord.CONS.answer(server)).isEqualTo("""
                 /c1:7[1](queued=0,sid=0x100000001,to=12000,state=ESTABLISHED)
                 /c2:9[1](queued=0,sid=0x100000002,to=6000,state=ESTABLISHED)

                """);
        assertThat(FourLetterWord.DUMP.answer(server)).isEqualTo("""
                SessionTracker dump:
                Session Sets (2)/(2):
                1 with timeout 6000ms:
                \t0x100000002
                1 with timeout 12000ms:
                \t0x100000001
                ephemeral nodes dump:
                Sessions with Ephemerals (1):
                0x100000001:
                \t/lock/n1
                Connections dump:
                Connections (2):
                \tip: /c1:7 sessionId: 0x100000001
                \tip: /c2:9 sessionId: 0x100000002
                """);
    }

    @Test
    void aServerWithoutQuorumAnswersAsZooKeeperDoes() {
        for (FourLetterWord word : FourLetterWord.values()) {
            assertThat(word.answer(follower(false))).isEqualTo("This ZooKeeper instance is not currently serving requests\n");
        }
    }

    @Test
    void wordsParseInAnyCase() {
        assertThat(FourLetterWord.parse("MNTR")).isEqualTo(FourLetterWord.MNTR);
        assertThatThrownBy(() -> FourLetterWord.parse("ruok")).hasMessageContaining("known: stat");
    }

    @Test
    void trafficCounterMeasuresLatencyPerServer() {
        TrafficCounter counter = new TrafficCounter();
        counter.accept(new TraceRecord(0, 1_000, "s1",
                new ServerEvent.RequestReceived("0x1", 1, "create")));
        counter.accept(new TraceRecord(1, 4_000, "s1",
                new ServerEvent.ReplySent("0x1", 1, 0, 5)));
        assertThat(counter.of("s1")).isEqualTo(new Traffic(1, 1, 3, 3.0, 3));
        assertThat(counter.of("s2")).isEqualTo(Traffic.NONE);
    }
}

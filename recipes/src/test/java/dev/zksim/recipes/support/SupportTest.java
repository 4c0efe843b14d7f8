package dev.zksim.recipes.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperState;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleClient;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

class SupportTest {

    @Test
    void sequentialNamesOrderByTheCounterAcrossPrefixes() {
        List<SequentialName> sorted = SequentialName.sorted(List.of("write-0000000003", "read-0000000001", "ready",
                "c2-lock-0000000002", "x-000000001"));
        assertThat(sorted).extracting(SequentialName::name)
                .containsExactly("read-0000000001", "c2-lock-0000000002", "write-0000000003");
        assertThat(SequentialName.parse("write-0000000003")).hasValueSatisfying(name -> {
            assertThat(name.prefix()).isEqualTo("write-");
            assertThat(name.sequence()).isEqualTo(3);
        });
        assertThat(SequentialName.sortedWith(List.of("write-0000000003", "read-0000000001"), "write"))
                .extracting(SequentialName::sequence).containsExactly(3L);
    }

    @Test
    void onlyTenAsciiDigitsMakeACounter() {
        assertThat(SequentialName.parse("0000000000")).hasValueSatisfying(name -> {
            assertThat(name.prefix()).isEmpty();
            assertThat(name.sequence()).isZero();
        });
        assertThat(SequentialName.parse("n-2147483647")).map(SequentialName::sequence).contains(2147483647L);
        assertThat(SequentialName.parse("n-9999999999")).map(SequentialName::sequence).contains(9999999999L);
        // ZooKeeper appends %010d: other digits (here Arabic-Indic ones) are not its counter.
        assertThat(SequentialName.parse("n-\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669")).isEmpty();
        assertThat(SequentialName.parse("n-00000000a1")).isEmpty();
        assertThat(SequentialName.parse("000000001")).isEmpty();
        assertThat(SequentialName.sorted(List.of("a", "b-0000000002", "c-0000000001"))).extracting(SequentialName::name)
                .containsExactly("c-0000000001", "b-0000000002");
    }

    @Test
    void connectionStatesFollowSessionEventsAndStayLost() {
        ConnectionStates states = new ConnectionStates();
        List<ConnectionState> heard = new ArrayList<>();
        states.subscribe(heard::add);
        states.process(WatchedEvent.session(KeeperState.SyncConnected));
        states.process(WatchedEvent.session(KeeperState.Disconnected));
        states.process(WatchedEvent.session(KeeperState.Disconnected));
        states.process(WatchedEvent.session(KeeperState.SyncConnected));
        states.process(WatchedEvent.session(KeeperState.Expired));
        states.process(WatchedEvent.session(KeeperState.SyncConnected));
        assertThat(heard).containsExactly(ConnectionState.CONNECTED, ConnectionState.SUSPENDED,
                ConnectionState.CONNECTED, ConnectionState.LOST);
        assertThat(states.current()).isEqualTo(ConnectionState.LOST);
    }

    @Test
    void stagesUnwrapKeeperFailures() {
        CompletionException wrapped = new CompletionException(KeeperException.create(KeeperException.Code.CONNECTIONLOSS));
        assertThat(Stages.isRecoverable(wrapped)).isTrue();
        assertThat(Stages.is(wrapped, KeeperException.Code.NONODE)).isFalse();
        assertThat(Stages.code(new IllegalStateException())).isEmpty();
    }

    @Test
    void aProtectedCreateWhoseReplyIsLostAdoptsItsNodeInsteadOfMakingAnOrphan() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(5), EnsembleConfig.defaults(1));
        EnsembleClient client = ensemble.addClient((context, zk) -> zk.create("/q", null, CreateMode.PERSISTENT));
        ensemble.runFor(Time.seconds(1));
        ZooKeeperClient zk = client.zk();
        ensemble.faults().dropReply("c1");
        CompletionStage<String> created = ProtectedCreate.create(zk, "/q", "guid7", "item", null, CreateMode.EPHEMERAL_SEQUENTIAL);
        ensemble.runFor(Time.seconds(10));
        assertThat(created.toCompletableFuture().getNow(null)).isEqualTo("/q/guid7-item-0000000000");
        CompletionStage<List<String>> children = zk.getChildren("/q", false);
        ensemble.runFor(Time.seconds(1));
        assertThat(children.toCompletableFuture().getNow(null)).containsExactly("guid7-item-0000000000");
    }

    @Test
    void aNaiveRetryAfterTheSameLostReplyLeavesAnOrphan() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(5), EnsembleConfig.defaults(1));
        EnsembleClient client = ensemble.addClient((context, zk) -> zk.create("/q", null, CreateMode.PERSISTENT));
        ensemble.runFor(Time.seconds(1));
        ZooKeeperClient zk = client.zk();
        ensemble.faults().dropReply("c1");
        zk.create("/q/item-", null, CreateMode.EPHEMERAL_SEQUENTIAL);
        ensemble.runFor(Time.seconds(10));
        zk.create("/q/item-", null, CreateMode.EPHEMERAL_SEQUENTIAL);
        CompletionStage<List<String>> children = zk.getChildren("/q", false);
        ensemble.runFor(Time.seconds(1));
        assertThat(children.toCompletableFuture().getNow(null)).hasSize(2);
    }
}

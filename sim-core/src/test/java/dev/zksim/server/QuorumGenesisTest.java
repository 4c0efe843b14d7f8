package dev.zksim.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.server.persist.ZkDatabase;
import dev.zksim.server.tree.ApplyResult;
import dev.zksim.server.tree.Transaction;
import dev.zksim.server.tree.Txn;
import dev.zksim.server.tree.TxnHeader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The quorum members of one ensemble start from one database: each gets a copy of it, so
 * that what one member applies the others take over (the same result, not one equal to it).
 */
class QuorumGenesisTest {
    private static final byte[] CONFIG = "server.1=s1:2888:3888:participant\nversion=0".getBytes(StandardCharsets.UTF_8);
    private static final Transaction CREATE = new Transaction(new TxnHeader(7, 1, 1, 1000),
            new Txn.CreateTxn("/a", new byte[0], 0, 1));

    private final QuorumGenesis genesis = new QuorumGenesis();

    @Test
    void membersShareWhatTheFirstOfThemApplies() {
        ZkDatabase leader = genesis.database(CONFIG, List.of());
        ZkDatabase follower = genesis.database(CONFIG, List.of());
        ApplyResult made = leader.apply(CREATE);

        assertThat(follower.apply(CREATE)).isSameAs(made);
        assertThat(follower.tree().exists("/a")).isTrue();
    }

    @Test
    void databasesBuiltApartShareNothing() {
        ZkDatabase leader = genesis.database(CONFIG, List.of());
        ZkDatabase stranger = new QuorumGenesis().database(CONFIG, List.of());
        ApplyResult made = leader.apply(CREATE);

        assertThat(stranger.apply(CREATE)).isNotSameAs(made).isEqualTo(made);
    }

    @Test
    void eachMemberStartsWithTheCounterStartsItIsGiven() {
        ZkDatabase plain = genesis.database(CONFIG, List.of());
        ZkDatabase counted = genesis.database(CONFIG, List.of(new CounterStart("/q", 5, 3)));

        assertThat(plain.tree().exists("/q")).isFalse();
        assertThat(counted.tree().stat("/q").version()).isEqualTo(3);
    }
}

package dev.zksim.ensemble;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.client.ClientConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/**
 * The client's reply limit, as ZooKeeper 3.9's client has it: a reply frame longer than
 * 0xfffff bytes drops the connection, the call fails with ConnectionLoss, the session lives
 * on, and the same read fails again after the reconnect. A getData frame is the data plus
 * 88 bytes (header 16, buffer length 4, Stat 68), so 1,048,487 bytes can be read back and
 * 1,048,488 bytes can be written but never read.
 */
class ReplyLimitTest {
    static final int LARGEST_READABLE = ClientConfig.PACKET_LENGTH_LIMIT - 88;

    private final Ensemble ensemble = Ensemble.start(new SeededChoices(2), EnsembleConfig.defaults(1));
    private final EnsembleClient client = ensemble.addClient((context, zk) -> { });

    private CompletableFuture<?> settle(CompletionStage<?> stage) {
        ensemble.runFor(Time.seconds(3));
        CompletableFuture<?> future = stage.toCompletableFuture();
        assertThat(future).isDone();
        return future;
    }

    private static KeeperException.Code code(CompletableFuture<?> failed) {
        assertThat(failed).isCompletedExceptionally();
        return failed.handle((value, error) -> ((KeeperException) (error.getCause() == null ? error : error.getCause())).code())
                .join();
    }

    private static byte[] bytes(int size) {
        byte[] data = new byte[size];
        Arrays.fill(data, (byte) 'x');
        return data;
    }

    @Test
    void dataJustUnderTheLimitIsReadAndJustOverIsWrittenButNeverRead() {
        ensemble.runFor(Time.seconds(1));
        ZooKeeperClient zk = client.zk();
        long session = zk.sessionId();
        settle(zk.create("/under", bytes(LARGEST_READABLE), CreateMode.PERSISTENT)).join();
        settle(zk.create("/over", bytes(LARGEST_READABLE + 1), CreateMode.PERSISTENT)).join();
        assertThat(((ZooKeeperClient.DataAndStat) settle(zk.getData("/under", false)).join()).data())
                .hasSize(LARGEST_READABLE);
        assertThat(code(settle(zk.getData("/over", false)))).isEqualTo(KeeperException.Code.CONNECTIONLOSS);
        assertThat(settle(zk.exists("/over", false)).join()).as("the session lives on").isNotNull();
        assertThat(zk.sessionId()).isEqualTo(session);
        assertThat(code(settle(zk.getData("/over", false)))).as("and the retry fails the same way")
                .isEqualTo(KeeperException.Code.CONNECTIONLOSS);
    }

    @Test
    void aChildListThatFramesOverTheLimitCannotBeListed() {
        ensemble.runFor(Time.seconds(1));
        ZooKeeperClient zk = client.zk();
        settle(zk.create("/p", null, CreateMode.PERSISTENT)).join();
        // 20 (header and count) + 1044 names of 1000 bytes (1004 each) + one of 375 (379):
        // exactly the limit, which the client still accepts.
        String filler = "n".repeat(990);
        for (int i = 0; i < 1044; i++) {
            zk.create("/p/" + String.format("%010d", i) + filler, null, CreateMode.PERSISTENT);
        }
        settle(zk.create("/p/" + "z".repeat(375), null, CreateMode.PERSISTENT)).join();
        assertThat((List<?>) settle(zk.getChildren("/p", false)).join()).hasSize(1045);
        settle(zk.delete("/p/" + "z".repeat(375), -1)).join();
        settle(zk.create("/p/" + "z".repeat(376), null, CreateMode.PERSISTENT)).join();
        assertThat(code(settle(zk.getChildren("/p", false)))).isEqualTo(KeeperException.Code.CONNECTIONLOSS);
        assertThat(settle(zk.exists("/p", false)).join()).isNotNull();
    }
}

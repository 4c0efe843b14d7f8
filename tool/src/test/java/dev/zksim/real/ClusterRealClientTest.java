package dev.zksim.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.KeeperState;
import dev.zksim.api.Stat;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/** The client contract against a real quorum of three servers, plus server failures. */
class ClusterRealClientTest extends RealClientContract {
    private static final int RETRIES = 50;
    private static RealEnsemble ensemble;

    @BeforeAll
    static void start() throws Exception {
        ensemble = RealEnsemble.cluster(3);
    }

    @AfterAll
    static void stop() throws Exception {
        ensemble.close();
    }

    @Override
    RealEnsemble ensemble() {
        return ensemble;
    }

    /**
     * Stopping one of three servers leaves a quorum: writes go on (after ConnectionLoss if
     * the client was on the stopped server, or during an election if it led), and the
     * restarted server catches up, as a client pinned to it sees after a sync.
     */
    @Test
    @Order(Integer.MAX_VALUE)
    void quorumSurvivesAStoppedServerWhichCatchesUpOnRestart() throws Exception {
        String path = base() + "/data";
        await(client.create(path, bytes("before"), CreateMode.PERSISTENT));
        ensemble.stopServer(1);
        Stat written = retryOnConnectionLoss(() -> client.setData(path, bytes("after"), -1));
        assertThat(written.version()).isPositive();

        ensemble.restartServer(1);
        EventLog pinnedEvents = new EventLog();
        RealZooKeeperClient pinned = Blocking.connect(ensemble.connectString(1), SESSION_TIMEOUT_MS, pinnedEvents, WAIT);
        try {
            assertThat(pinnedEvents.next().state()).isEqualTo(KeeperState.SyncConnected);
            await(pinned.sync(path));
            assertThat(await(pinned.getData(path, false)).data()).isEqualTo(bytes("after"));
        } finally {
            await(pinned.close());
        }
    }

    /** Repeats an idempotent call while the client reconnects; any other failure is final. */
    private static <T> T retryOnConnectionLoss(Supplier<CompletionStage<T>> call) throws Exception {
        for (int attempt = 1; ; attempt++) {
            try {
                return await(call.get());
            } catch (KeeperException e) {
                if (e.code() != Code.CONNECTIONLOSS || attempt == RETRIES) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }
}

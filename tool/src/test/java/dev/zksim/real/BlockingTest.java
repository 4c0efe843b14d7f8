package dev.zksim.real;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperException.Code;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** The blocking facade's unwrapping and timeouts, without a server. */
class BlockingTest {
    private static final Duration SHORT = Duration.ofMillis(50);

    @Test
    void returnsTheValue() throws Exception {
        assertThat(Blocking.await(CompletableFuture.completedFuture("v"), SHORT)).isEqualTo("v");
    }

    @Test
    void rethrowsKeeperExceptionAsIs() {
        KeeperException failure = KeeperException.create(Code.NONODE, "/x");
        assertThatThrownBy(() -> Blocking.await(CompletableFuture.failedFuture(failure), SHORT)).isSameAs(failure);
    }

    @Test
    void rethrowsRuntimeExceptionsAndWrapsCheckedOnes() {
        IllegalStateException runtime = new IllegalStateException("bug");
        assertThatThrownBy(() -> Blocking.await(CompletableFuture.failedFuture(runtime), SHORT)).isSameAs(runtime);
        IOException checked = new IOException("io");
        assertThatThrownBy(() -> Blocking.await(CompletableFuture.failedFuture(checked), SHORT))
            .isInstanceOf(CompletionException.class).hasCause(checked);
    }

    @Test
    void timesOutWithAClearError() {
        assertThatThrownBy(() -> Blocking.await(new CompletableFuture<>(), SHORT))
            .isInstanceOf(Blocking.TimedOutException.class)
            .hasMessageContaining("PT0.05S");
    }

    /** Nothing listens on a port we bound and released: connect gives up and closes the handle. */
    @Test
    void connectToNothingTimesOut() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        assertThatThrownBy(() -> Blocking.connect("127.0.0.1:" + port, 2_000, null, Duration.ofMillis(300)))
            .isInstanceOf(Blocking.TimedOutException.class);
    }
}

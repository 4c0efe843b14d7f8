package dev.zksim.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.KeeperException.Code;
import dev.zksim.protocol.Operation;
import org.junit.jupiter.api.Test;

/** jute.maxbuffer (reference 1.6): a request larger than it closes the connection; one of its size is served. */
class RequestLimitTest {

    private static ServerHarness serverWithLimit(int maxBuffer) {
        ServerConfig defaults = ServerConfig.defaults(1);
        return new ServerHarness(new ServerConfig(1, defaults.tickTimeMs(), defaults.minSessionTimeoutMs(),
                defaults.maxSessionTimeoutMs(), defaults.snapCount(), maxBuffer, null));
    }

    @Test
    void aRequestOfTheLimitsSizeIsServedAndALargerOneClosesTheConnection() {
        // Exists("/a") frames to 15 bytes, Exists("/ab") to 16.
        ServerHarness harness = serverWithLimit(15);
        RawClient client = harness.session("c1", 10_000);
        assertThat(harness.call(client, new Operation.Exists("/a", false)).err()).isEqualTo(Code.NONODE.intValue());
        client.request(new Operation.Exists("/ab", false));
        harness.runMillis(10);
        assertThat(client.connected).isFalse();
        assertThat(harness.server().connections().size()).isZero();
    }

    @Test
    void aPathOfManyByteCharactersIsMeasuredExactlyWhereItsBoundExceedsTheLimit() {
        // Exists("/é") frames to 16 bytes; its bound, three bytes a character, is 19.
        ServerHarness harness = serverWithLimit(16);
        RawClient client = harness.session("c1", 10_000);
        assertThat(harness.call(client, new Operation.Exists("/\u00e9", false)).err()).isEqualTo(Code.NONODE.intValue());
        assertThat(client.connected).isTrue();
        client.request(new Operation.Exists("/\u00e9\u00e9", false));
        harness.runMillis(10);
        assertThat(client.connected).isFalse();
    }
}

package dev.zksim.real;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Ports for real servers lie below every ephemeral range, are free, and are never handed out twice. */
class LoopbackPortsTest {

    @Test
    void portsAreDistinctFreeAndBelowTheEphemeralRange() throws IOException {
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            int port = LoopbackPorts.free();
            assertThat(port).isBetween(20_000, 32_000);
            assertThat(seen.add(port)).as("port %d handed out twice", port).isTrue();
            try (ServerSocket socket = new ServerSocket()) {
                socket.bind(new InetSocketAddress(port));
            }
        }
    }

    @Test
    void aPortSomeoneListensOnIsPassedOver() throws IOException {
        int taken = LoopbackPorts.free() + 1;
        try (ServerSocket listener = new ServerSocket()) {
            listener.bind(new InetSocketAddress(taken));
            assertThat(LoopbackPorts.free()).isNotEqualTo(taken);
        }
    }
}

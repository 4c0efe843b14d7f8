package dev.zksim.real;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * Ports for in-process real servers, taken below the operating system's ephemeral range.
 *
 * <p>curator-test picks a free port from the ephemeral range. While one server of a quorum is
 * stopped, its peers keep dialling its election port and clients keep reconnecting, each
 * connection from a fresh ephemeral port, and one of them can land on the stopped server's
 * own port: the restarted server cannot bind it, and ZooKeeper ends the whole JVM (exit code
 * 14, UNABLE_TO_BIND_QUORUM_PORT), as one run of the test suite saw. Ports below 32768 are
 * never handed out for outgoing connections (Linux's range starts there, macOS's and
 * Windows' at 49152), so nothing but another listener can take them.
 *
 * <p>Ports are handed out in turn from a starting point that depends on the process id, so
 * that two JVMs starting servers at once begin far apart, and each is checked free first.
 */
final class LoopbackPorts {
    private static final int FIRST = 20_000;
    private static final int LAST = 32_000;
    private static int next = FIRST + (int) Math.floorMod(ProcessHandle.current().pid() * 997, LAST - FIRST);

    private LoopbackPorts() {
    }

    /** A port no socket of this machine is bound to now, and not handed out before by this JVM. */
    static synchronized int free() {
        for (int tried = 0; tried <= LAST - FIRST; tried++) {
            int port = next;
            next = port == LAST ? FIRST : port + 1;
            if (isFree(port)) {
                return port;
            }
        }
        throw new IllegalStateException("no free port between " + FIRST + " and " + LAST);
    }

    /** Binds the wildcard address, as ZooKeeper's client port does: free on every interface. */
    private static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}

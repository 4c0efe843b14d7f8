package dev.zksim.demo;

import dev.zksim.kernel.Time;
import dev.zksim.kernel.disk.LogFile;
import dev.zksim.kernel.net.Connection;
import dev.zksim.kernel.net.ConnectionHandler;
import dev.zksim.kernel.net.Network;
import dev.zksim.kernel.process.Node;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.kernel.trace.TraceEvent;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The kernel demo's toy protocol, chosen to touch every kernel piece: each node counts
 * ticks into a log on its disk (fsyncing only sometimes, so crashes lose the tail), gossips
 * its counter to every peer over its own outgoing connections, acknowledges what it hears,
 * and redials a peer whose acknowledgements stop, which is how it survives silent cuts.
 */
final class GossipNode implements Node {
    private static final long ACK_TIMEOUT = Time.seconds(1);
    private static final long REDIAL_DELAY = Time.millis(200);

    /** Trace events of the demo protocol. */
    sealed interface GossipEvent extends TraceEvent {
        record Recovered(int ticks) implements GossipEvent {
        }

        record Ticked(int counter, boolean synced) implements GossipEvent {
        }
    }

    record Tick(String from, int counter) {
    }

    record Ack(int counter) {
    }

    private final SimProcess process;
    private final Network network;
    private final List<String> peers;
    private final long tickInterval;
    private final LogFile log;
    private final Map<String, Connection> outgoing = new LinkedHashMap<>();
    private final Map<String, Long> lastAck = new LinkedHashMap<>();
    private final Map<String, Integer> heard = new LinkedHashMap<>();
    private int counter;

    GossipNode(SimProcess process, Network network, List<String> peers, long tickInterval) {
        this.process = process;
        this.network = network;
        this.peers = peers;
        this.tickInterval = tickInterval;
        this.log = process.disk().log("ticks");
    }

    @Override
    public void start() {
        counter = log.recover().size();
        process.trace(new GossipEvent.Recovered(counter));
        network.listen(process, connection -> new Listener());
        for (String peer : peers) {
            dial(peer);
        }
        scheduleTick();
    }

    private void scheduleTick() {
        long jitter = process.choices().stream("tick").draw(tickInterval + 1);
        process.schedule(tickInterval / 2 + jitter, this::tick);
    }

    private void tick() {
        counter++;
        log.append(counter);
        boolean synced = process.choices().stream("fsync").chance(1, 2);
        if (synced) {
            log.fsync();
        }
        process.trace(new GossipEvent.Ticked(counter, synced));
        for (Map.Entry<String, Connection> entry : List.copyOf(outgoing.entrySet())) {
            gossip(entry.getKey(), entry.getValue());
        }
        scheduleTick();
    }

    /** Sends the counter, or gives up on a connection that went quiet (or never opened). */
    private void gossip(String peer, Connection connection) {
        if (process.now() - lastAck.get(peer) > ACK_TIMEOUT) {
            connection.close();
            redial(peer);
        } else if (connection.isOpen()) {
            connection.send(new Tick(process.id(), counter));
        }
    }

    private void dial(String peer) {
        lastAck.put(peer, process.now());
        outgoing.put(peer, network.connect(process, peer, new Dialer(peer)));
    }

    private void redial(String peer) {
        outgoing.remove(peer);
        process.schedule(REDIAL_DELAY, () -> dial(peer));
    }

    /** Handles this node's outgoing connection to one peer. */
    private final class Dialer implements ConnectionHandler {
        private final String peer;

        Dialer(String peer) {
            this.peer = peer;
        }

        @Override
        public void onConnected(Connection connection) {
            lastAck.put(peer, process.now());
        }

        @Override
        public void onMessage(Connection connection, Object message) {
            if (message instanceof Ack) {
                lastAck.put(peer, process.now());
            }
        }

        @Override
        public void onClosed(Connection connection, String reason) {
            if (outgoing.get(peer) == connection) {
                redial(peer);
            }
        }
    }

    /** Handles a connection a peer opened to this node. */
    private final class Listener implements ConnectionHandler {
        @Override
        public void onMessage(Connection connection, Object message) {
            if (message instanceof Tick tick) {
                heard.merge(tick.from(), tick.counter(), Math::max);
                connection.send(new Ack(tick.counter()));
            }
        }

        @Override
        public void onClosed(Connection connection, String reason) {
            // The peer redials; nothing to clean up on this side.
        }
    }
}

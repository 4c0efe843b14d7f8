package dev.zksim.kernel.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Distribution;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.kernel.disk.CrashPolicy;
import dev.zksim.kernel.process.SimProcess;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class NetworkTest {
    private final Simulation simulation = new Simulation(new SeededChoices(4));
    private final Network network = new Network(simulation, new Distribution.Uniform(100, Time.millis(5)));
    private final SimProcess client = process("c1");
    private final SimProcess server = process("s1");
    private final Recorder clientSide = new Recorder();
    private final Recorder serverSide = new Recorder();

    /** Records what one end of the test's connections hears. */
    static final class Recorder implements ConnectionHandler {
        final List<Object> messages = new ArrayList<>();
        final List<String> closes = new ArrayList<>();
        final List<Long> arrivals = new ArrayList<>();
        Connection connected;
        Simulation simulation;

        @Override
        public void onConnected(Connection connection) {
            connected = connection;
        }

        @Override
        public void onMessage(Connection connection, Object message) {
            messages.add(message);
            arrivals.add(simulation.now());
        }

        @Override
        public void onClosed(Connection connection, String reason) {
            closes.add(reason);
        }
    }

    private SimProcess process(String id) {
        SimProcess process = new SimProcess(simulation, id, p -> () -> { }, CrashPolicy.LOSE_UNSYNCED);
        network.register(process);
        process.start();
        return process;
    }

    private Connection connect() {
        clientSide.simulation = simulation;
        serverSide.simulation = simulation;
        network.listen(server, connection -> serverSide);
        Connection connection = network.connect(client, "s1", clientSide);
        simulation.run(RunBounds.UNBOUNDED);
        return connection;
    }

    @Test
    void messagesArriveInOrderDespiteRandomDelays() {
        Connection connection = connect();
        assertThat(clientSide.connected).isSameAs(connection);
        IntStream.range(0, 500).forEach(connection::send);
        simulation.run(RunBounds.UNBOUNDED);
        assertThat(serverSide.messages).containsExactlyElementsOf(IntStream.range(0, 500).boxed().toList());
        assertThat(serverSide.arrivals).isSorted();
    }

    @Test
    void aPartitionCutsTheConnectionSilentlyAndDropsMessagesInFlight() {
        Connection connection = connect();
        connection.send("before");
        network.partition(List.of("c1"), List.of("s1"));
        connection.send("during");
        simulation.run(RunBounds.UNBOUNDED);
        assertThat(serverSide.messages).isEmpty();
        assertThat(clientSide.closes).isEmpty();
        assertThat(serverSide.closes).isEmpty();
        network.heal();
        connection.send("after heal");
        simulation.run(RunBounds.UNBOUNDED);
        assertThat(serverSide.messages).as("a cut connection stays cut").isEmpty();
    }

    @Test
    void connectingAcrossAPartitionGetsNoAnswerButWorksAfterHeal() {
        network.listen(server, connection -> serverSide);
        network.partition(List.of("c1"), List.of("s1"));
        network.connect(client, "s1", clientSide);
        simulation.run(RunBounds.UNBOUNDED);
        assertThat(clientSide.connected).isNull();
        assertThat(clientSide.closes).isEmpty();
        network.heal();
        network.connect(client, "s1", clientSide);
        simulation.run(RunBounds.UNBOUNDED);
        assertThat(clientSide.connected).isNotNull();
    }

    @Test
    void oneWayPartitionBlocksOnlyTheNamedDirectionForNewTraffic() {
        network.partitionOneWay(List.of("s1"), List.of("c1"));
        assertThat(network.isBlocked("s1", "c1")).isTrue();
        assertThat(network.isBlocked("c1", "s1")).isFalse();
        network.listen(server, connection -> serverSide);
        network.connect(client, "s1", clientSide);
        simulation.run(RunBounds.UNBOUNDED);
        assertThat(clientSide.connected).as("TCP needs both directions").isNull();
    }

    @Test
    void connectingToADownProcessIsRefused() {
        server.crash();
        network.connect(client, "s1", clientSide);
        simulation.run(RunBounds.UNBOUNDED);
        assertThat(clientSide.closes).singleElement().asString().contains("refused");
    }

    @Test
    void connectingToAProcessThatDoesNotListenIsRefused() {
        network.connect(client, "s1", clientSide);
        simulation.run(RunBounds.UNBOUNDED);
        assertThat(clientSide.closes).singleElement().asString().contains("not listening");
    }

    @Test
    void aCrashResetsThePeersConnection() {
        connect();
        server.crash();
        simulation.run(RunBounds.UNBOUNDED);
        assertThat(clientSide.closes).singleElement().asString().contains("s1 crashed");
    }

    @Test
    void aGracefulCloseArrivesAfterTheMessagesSentBeforeIt() {
        Connection connection = connect();
        connection.send("last words");
        connection.close();
        simulation.run(RunBounds.UNBOUNDED);
        assertThat(serverSide.messages).containsExactly("last words");
        assertThat(serverSide.closes).containsExactly("closed by peer");
        assertThat(clientSide.closes).as("the closing end is not told again").isEmpty();
    }

    @Test
    void aClogDelaysMessagesForItsDuration() {
        network.setLinkDelay("c1", "s1", new Distribution.Constant(Time.millis(1)));
        Connection connection = connect();
        long start = simulation.now();
        network.clog("c1", "s1", Time.seconds(2), Time.seconds(1));
        connection.send("slow");
        simulation.run(RunBounds.UNBOUNDED);
        assertThat(serverSide.arrivals.getFirst() - start).isEqualTo(Time.seconds(2) + Time.millis(1));
        simulation.schedule(Time.seconds(1), () -> connection.send("fast"));
        long sendTime = simulation.now() + Time.seconds(1);
        simulation.run(RunBounds.UNBOUNDED);
        assertThat(serverSide.arrivals.getLast() - sendTime).isEqualTo(Time.millis(1));
    }

    @Test
    void theLostReplyTrapResetsTheConnectionInsteadOfDelivering() {
        Connection clientEnd = connect();
        Connection serverEnd = clientEnd.peer();
        network.trapNextSend(serverEnd, message -> message.equals("reply 2"), "reply to request 2");
        serverEnd.send("reply 1");
        serverEnd.send("reply 2");
        serverEnd.send("reply 3");
        simulation.run(RunBounds.UNBOUNDED);
        assertThat(clientSide.messages).containsExactly("reply 1");
        assertThat(clientSide.closes).singleElement().asString().contains("reset");
        assertThat(serverSide.closes).singleElement().asString().contains("reset");
    }

    @Test
    void aPausedReceiverGetsEverythingInOrderOnResume() {
        Connection connection = connect();
        server.pause();
        IntStream.range(0, 20).forEach(connection::send);
        simulation.run(RunBounds.UNBOUNDED);
        assertThat(serverSide.messages).isEmpty();
        simulation.schedule(Time.seconds(1), server::resume);
        simulation.schedule(Time.seconds(1), () -> connection.send(20));
        simulation.run(RunBounds.UNBOUNDED);
        assertThat(serverSide.messages).containsExactlyElementsOf(IntStream.range(0, 21).boxed().toList());
    }

    @Test
    void isolateCutsOneProcessFromAllOthers() {
        SimProcess other = process("s2");
        network.isolate("s1");
        assertThat(network.isBlocked("s1", "c1")).isTrue();
        assertThat(network.isBlocked("s2", "s1")).isTrue();
        assertThat(network.isBlocked("c1", "s2")).isFalse();
        assertThat(other.isUp()).isTrue();
    }
}

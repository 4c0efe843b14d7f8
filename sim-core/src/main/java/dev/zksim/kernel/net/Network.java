package dev.zksim.kernel.net;

import dev.zksim.kernel.GatedEvent;
import dev.zksim.kernel.Heartbeat;
import dev.zksim.kernel.PendingDescription;
import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.choice.Distribution;
import dev.zksim.kernel.process.ProcessListener;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.kernel.trace.EventKey;
import dev.zksim.kernel.trace.Trace;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The simulated network: connections between registered processes with FIFO delivery, a
 * delay per link drawn from that link's own choice stream ("net/A>B"), and the network
 * faults: partitions (symmetric or one-way) that cut the connections crossing them, heal,
 * clogs (a delay spike on a link for a while) and the lost-reply trap that resets a
 * connection instead of delivering one chosen message.
 *
 * <p>A cut is silent, as a real partition is: neither end is told, sends vanish, and each
 * end must notice through its own timeouts. A crash, a trap or a close is not silent: the
 * surviving end gets {@link ConnectionHandler#onClosed} after the link delay, as an RST or
 * FIN would tell it. Connections stay cut after a heal; processes reconnect.
 */
public final class Network implements ProcessListener {
    /** Deliveries are most events of a run: counted by key when nothing reads their record. */
    private static final EventKey DELIVERED = EventKey.of(NetEvent.Delivered.class);

    private final Simulation simulation;
    private final Choices choices;
    private final Map<String, SimProcess> processes = new LinkedHashMap<>();
    private final Map<String, Function<Connection, ConnectionHandler>> acceptors = new LinkedHashMap<>();
    private final Map<String, Link> links = new LinkedHashMap<>();
    private final Map<Long, Connection> live = new LinkedHashMap<>();
    private final Map<Connection, Trap> traps = new LinkedHashMap<>();
    private final TreeSet<String> blocked = new TreeSet<>();

    private Distribution defaultDelay;
    private int requestLossPerMillion;
    private long nextConnectionId = 1;
    /** How often each kind of request fault struck, by name; kept out of the trace, for goals. */
    private final TreeMap<String, Integer> faultsStruck = new TreeMap<>();
    /** When the last clog ever set ends: until then, some link may still be clogged. */
    private long lastClogEnds = Long.MIN_VALUE;

    public Network(Simulation simulation, Distribution defaultDelay) {
        this.simulation = simulation;
        this.choices = simulation.choices().stream("net");
        this.defaultDelay = defaultDelay;
    }

    /** Makes a process reachable by its id; the network then follows its crashes. */
    public void register(SimProcess process) {
        if (processes.putIfAbsent(process.id(), process) != null) {
            throw new IllegalArgumentException("duplicate process id " + process.id());
        }
        process.addListener(this);
    }

    /** Lets the process accept connections; the function gives each new one its handler. */
    public void listen(SimProcess process, Function<Connection, ConnectionHandler> acceptor) {
        acceptors.put(process.id(), acceptor);
    }

    /** Sets the delay of every link without a delay of its own. */
    public void setDefaultDelay(Distribution delay) {
        this.defaultDelay = delay;
    }

    /** Sets the delay of the link between a and b, both directions. */
    public void setLinkDelay(String a, String b, Distribution delay) {
        link(a, b).delay = delay;
        link(b, a).delay = delay;
    }

    /**
     * Opens a connection from a process to another. The handler hears {@code onConnected}
     * after a round trip, {@code onClosed} if the target is down or not listening, and nothing
     * at all if a partition is in the way: the caller's own connect timeout must cover that.
     */
    public Connection connect(SimProcess from, String to, ConnectionHandler handler) {
        SimProcess target = process(to);
        Connection local = new Connection(this, nextConnectionId++, from, to, handler);
        live.put(local.id(), local);
        trace(from.id(), new NetEvent.Connect(local.id(), from.id(), to));
        if (isBlocked(from.id(), to) || isBlocked(to, from.id())) {
            cut(local);
            return local;
        }
        long outbound = arrival(local);
        if (!target.isUp()) {
            notifyClosed(local, outbound + delay(to, from.id()), "connection refused: " + to + " is down");
            return local;
        }
        target.schedule(outbound, () -> accept(local, target));
        return local;
    }

    private void accept(Connection local, SimProcess target) {
        Function<Connection, ConnectionHandler> acceptor = acceptors.get(target.id());
        if (local.isCut() || local.isFinished()) {
            return;
        }
        if (acceptor == null) {
            notifyClosed(local, delay(target.id(), local.local()), "connection refused: " + target.id() + " is not listening");
            return;
        }
        Connection remote = new Connection(this, local.id(), target, local.local(), null);
        local.setPeer(remote);
        remote.setPeer(local);
        remote.setOpen(true);
        remote.setHandler(acceptor.apply(remote));
        trace(target.id(), new NetEvent.Accepted(local.id(), local.local(), target.id()));
        long back = arrival(remote);
        local.owner().schedule(back, () -> established(local));
    }

    private void established(Connection local) {
        if (local.isCut() || local.isOpen() || local.isFinished()) {
            return;
        }
        local.setOpen(true);
        local.handler().onConnected(local);
    }

    /**
     * Sends a message on an end: it arrives at the peer after the link's delay, in order. The
     * drops and the trap are out of line so that this, the path of nearly every message, is
     * short enough for the JIT to inline.
     */
    void send(Connection from, Object message) {
        Connection to = from.peer();
        if (!from.isOpen() || from.isCut() || to == null) {
            dropUnsent(from, message);
            return;
        }
        if (!traps.isEmpty() && trapSprung(from, message)) {
            return;
        }
        long sentAt = simulation.now();
        long delay = arrival(from);
        simulation.schedule(delay, new Delivery(from, to.owner().incarnation(), sentAt, message));
    }

    private void dropUnsent(Connection from, Object message) {
        trace(from.local(), new NetEvent.Dropped(from.id(), from.local(), from.remote(), "connection not open", message));
    }

    /** Whether a trap armed on this end takes the message: then it is lost and the connection reset. */
    private boolean trapSprung(Connection from, Object message) {
        Trap trap = traps.get(from);
        if (trap == null || !trap.match().test(message)) {
            return false;
        }
        traps.remove(from);
        trace(from.local(), new NetEvent.Dropped(from.id(), from.local(), from.remote(), trap.fault(), message));
        reset(from, trap.resetReason());
        return true;
    }

    /**
     * A message in flight, as a pending event that describes itself to the explorer's
     * abstract state: which link it travels and what kind of message it is (by class name,
     * since message records may hold arrays whose hash is their identity).
     */
    private record Delivery(Connection from, int incarnation, long sentAt, Object message)
            implements Runnable, GatedEvent, PendingDescription, Heartbeat {
        /** The receiving process is the gate: one object per message in flight, not a delivery in a wrapper. */
        @Override
        public void run() {
            if (to().owner().admits(incarnation, this)) {
                runAdmitted();
            }
        }

        @Override
        public void runAdmitted() {
            from.network().deliver(from, to(), sentAt, message);
        }

        /** The receiving end: a connection's peer is set once, when it is accepted, before anything is sent on it. */
        private Connection to() {
            return from.peer();
        }

        /**
         * A heartbeat message (a ping, its answer, a report of touches) is one in flight too,
         * and so is any message that will be dropped on arrival: its receiver died, or its
         * connection broke.
         */
        @Override
        public boolean isHeartbeat() {
            Connection to = to();
            return (message instanceof Heartbeat heartbeat && heartbeat.isHeartbeat()) || to.owner().drops(incarnation)
                    || to.isCut() || !to.isOpen();
        }

        /** The receiver's part (whose, whether stale), then the link and the kind of message. */
        @Override
        public long stateHash() {
            Connection to = to();
            long own = (from.local().hashCode() * 31L + to.local().hashCode()) * 0x9E3779B97F4A7C15L
                    + message.getClass().getName().hashCode();
            return to.owner().stateHash(incarnation) * 0x9E3779B97F4A7C15L + own;
        }
    }

    /** Hands a message to the receiving end's handler; the drop and the traced record are out of line, as in {@link #send}. */
    private void deliver(Connection from, Connection to, long sentAt, Object message) {
        if (to.isCut() || !to.isOpen()) {
            dropInFlight(from, to, message);
            return;
        }
        // Most events of a run are deliveries: their record is built only if something reads it.
        Trace trace = simulation.trace();
        if (trace.wantsEvents()) {
            traceDelivered(from, to, sentAt, message);
        } else {
            trace.countOnly(DELIVERED);
        }
        to.handler().onMessage(to, message);
    }

    private void dropInFlight(Connection from, Connection to, Object message) {
        trace(to.local(), new NetEvent.Dropped(to.id(), from.local(), to.local(), "connection broken in flight", message));
    }

    private void traceDelivered(Connection from, Connection to, long sentAt, Object message) {
        trace(to.local(), new NetEvent.Delivered(to.id(), from.local(), to.local(), sentAt, message));
    }

    void close(Connection end) {
        if (end.isFinished()) {
            return;
        }
        end.finish();
        traps.remove(end);
        trace(end.local(), new NetEvent.Closed(end.id(), end.local(), "closed locally"));
        Connection peer = end.peer();
        if (peer == null || end.isCut()) {
            live.remove(end.id());
            return;
        }
        long delay = arrival(end);
        peer.owner().schedule(delay, () -> {
            live.remove(end.id());
            if (!peer.isCut()) {
                tellClosed(peer, "closed by peer");
            }
        });
    }

    /**
     * Breaks a connection loudly from one end, as an RST would: that end hears onClosed at
     * once; messages it already sent still arrive, then the peer hears onClosed. Nothing
     * sent afterwards, in either direction, gets through.
     */
    private void reset(Connection end, String reason) {
        Connection peer = end.peer();
        end.setCut();
        traps.remove(end);
        live.remove(end.id());
        end.owner().schedule(0, () -> tellClosed(end, reason));
        if (peer != null) {
            long afterInFlight = arrival(end);
            peer.owner().schedule(afterInFlight, () -> {
                peer.setCut();
                tellClosed(peer, reason);
            });
        }
    }

    private void notifyClosed(Connection end, long delay, String reason) {
        end.owner().schedule(delay, () -> tellClosed(end, reason));
    }

    /** Tells the owner of an end that it is closed, once, unless the owner closed it first. */
    private void tellClosed(Connection end, String reason) {
        if (end.isFinished()) {
            return;
        }
        end.finish();
        trace(end.local(), new NetEvent.Closed(end.id(), end.local(), reason));
        end.handler().onClosed(end, reason);
    }

    private void cut(Connection end) {
        Connection peer = end.peer();
        end.setCut();
        traps.remove(end);
        if (peer != null) {
            peer.setCut();
            traps.remove(peer);
        }
        live.remove(end.id());
    }

    /**
     * A crashed process's connections are reset: the survivor at the other end hears of it
     * after the link delay, as from the RST its operating system sends. A connection attempt
     * still on its way to the dead process is refused the same way.
     */
    @Override
    public void crashed(SimProcess process) {
        acceptors.remove(process.id());
        for (Connection initiator : new ArrayList<>(live.values())) {
            Connection acceptor = initiator.peer();
            Connection survivor;
            if (initiator.local().equals(process.id())) {
                survivor = acceptor;
            } else if (initiator.remote().equals(process.id())) {
                survivor = initiator;
            } else {
                continue;
            }
            boolean silent = initiator.isCut();
            cut(initiator);
            if (survivor != null && !silent) {
                notifyClosed(survivor, delay(process.id(), survivor.local()), "connection reset: " + process.id() + " crashed");
            }
        }
    }

    /** Cuts every connection between the two groups, both ways, until {@link #heal()}. */
    public void partition(Collection<String> sideA, Collection<String> sideB) {
        for (String a : sideA) {
            for (String b : sideB) {
                blocked.add(a + ">" + b);
                blocked.add(b + ">" + a);
            }
        }
        applyPartition();
    }

    /**
     * Blocks traffic from one group to the other only. TCP needs both directions, so the
     * connections between them are cut as well; what remains visible is that, for example,
     * a server still hears a client's pings while its replies never arrive.
     */
    public void partitionOneWay(Collection<String> from, Collection<String> to) {
        for (String a : from) {
            for (String b : to) {
                blocked.add(a + ">" + b);
            }
        }
        applyPartition();
    }

    /** Cuts one process off from every other registered process. */
    public void isolate(String id) {
        List<String> others = new ArrayList<>(processes.keySet());
        others.remove(id);
        partition(List.of(id), others);
    }

    /** Removes every partition. Cut connections stay cut; processes reconnect. */
    public void heal() {
        blocked.clear();
        requestLossPerMillion = 0;
        trace("net", new NetEvent.Healed());
    }

    /**
     * From now until the next heal, each client request risks being lost, or its reply lost,
     * with this chance in a million. The clients draw it as they send (see the client's
     * request faults), so the faults land on whichever request comes, rare paths included.
     */
    public void requestLoss(int perMillion) {
        if (perMillion < 0 || perMillion > 1_000_000) {
            throw new IllegalArgumentException("a loss rate is 0 to 1,000,000 per million, not " + perMillion);
        }
        requestLossPerMillion = perMillion;
    }

    /** The chance in a million that a client request or its reply is lost; 0 when none is. */
    public int requestLossPerMillion() {
        return requestLossPerMillion;
    }

    /**
     * Counts a request fault that struck, by a name such as "RequestFault.ReplyLost.create":
     * what a run's goals judge besides its trace (the trace's records of a lost reply do not
     * name the request's operation, and a new record would change every such run's digest).
     */
    public void faultStruck(String name) {
        faultsStruck.merge(name, 1, Integer::sum);
    }

    /** The request faults that struck so far, by name, sorted. */
    public Map<String, Integer> faultsStruck() {
        return Collections.unmodifiableMap(faultsStruck);
    }

    /** The directed links a partition blocks, as "from>to", sorted; empty when the network is whole. */
    public List<String> blockedLinks() {
        return blocked.isEmpty() ? List.of() : List.copyOf(blocked);
    }

    public boolean isBlocked(String from, String to) {
        return blocked.contains(from + ">" + to);
    }

    private void applyPartition() {
        trace("net", new NetEvent.Partitioned(List.copyOf(blocked)));
        for (Connection initiator : new ArrayList<>(live.values())) {
            String a = initiator.local();
            String b = initiator.remote();
            if (isBlocked(a, b) || isBlocked(b, a)) {
                cut(initiator);
            }
        }
    }

    /** Adds extraDelay to every message between a and b (both ways) for the given duration. */
    public void clog(String a, String b, long extraDelay, long duration) {
        long until = simulation.now() + duration;
        for (Link link : List.of(link(a, b), link(b, a))) {
            link.clogExtra = extraDelay;
            link.clogUntil = until;
            lastClogEnds = Math.max(lastClogEnds, until);
        }
        trace("net", new NetEvent.Clogged(a, b, extraDelay, until));
    }

    /**
     * Arms the lost-reply fault: the next message sent from this end that matches is not
     * delivered; the connection is reset instead, so the sender's peer sees the connection
     * break before the reply arrives, after the sender already acted on the request.
     */
    public void trapNextSend(Connection sender, Predicate<Object> match, String description) {
        traps.put(sender, new Trap(match, "lost reply fault", "connection reset before the reply arrived"));
        trace("net", new NetEvent.ReplyTrapSet(sender.id(), sender.local(), description));
    }

    /**
     * Loses this message, which the caller is about to send on this end, and resets the
     * connection as the lost-request fault does: the peer never sees it, and both ends hear
     * the connection close. The message must be the very next one sent on the end.
     */
    public void loseNextSend(Connection sender, Object message, String description) {
        traps.put(sender, new Trap(candidate -> candidate == message, "lost request fault",
                "connection reset before the request arrived"));
        trace("net", new NetEvent.ReplyTrapSet(sender.id(), sender.local(), description));
    }

    /**
     * Arms the lost-reply fault from the receiving side: the next message the peer of this
     * end sends that matches is lost and the connection reset, exactly as
     * {@link #trapNextSend} on the peer's end would. False if the end has no peer.
     */
    public boolean trapNextReceive(Connection receiver, Predicate<Object> match, String description) {
        Connection sender = receiver.peer();
        if (sender == null || sender.isCut() || !receiver.isOpen()) {
            return false;
        }
        trapNextSend(sender, match, description);
        return true;
    }

    /** An armed loss: which message it takes, how the trace names it, and why the connection resets. */
    private record Trap(Predicate<Object> match, String fault, String resetReason) {
    }

    /**
     * Whether no partition, request loss or clog is in force: what is sent on a sound
     * connection from now on arrives, in its usual time. (Connections that a partition cut
     * stay cut after the heal; see {@link Connection#isSound()}.)
     */
    public boolean isHealed() {
        return blocked.isEmpty() && requestLossPerMillion == 0 && simulation.now() >= lastClogEnds;
    }

    /** Number of connections currently tracked (open, connecting or closing). */
    public int liveConnections() {
        return live.size();
    }

    /** The arrival time of a message sent now from this end: after the link delay, and FIFO. */
    private long arrival(Connection end) {
        Link link = (Link) end.outboundLink();
        if (link == null) {
            link = link(end.local(), end.remote());
            end.setOutboundLink(link);
        }
        long at = Math.max(simulation.now() + delay(link), end.lastArrival());
        end.setLastArrival(at);
        return at - simulation.now();
    }

    private long delay(String from, String to) {
        return delay(link(from, to));
    }

    private long delay(Link link) {
        long delay = (link.delay != null ? link.delay : defaultDelay).sample(link.choices);
        return simulation.now() < link.clogUntil ? delay + link.clogExtra : delay;
    }

    private Link link(String from, String to) {
        return links.computeIfAbsent(from + ">" + to, name -> new Link(choices.stream(name)));
    }

    private SimProcess process(String id) {
        SimProcess process = processes.get(id);
        if (process == null) {
            throw new IllegalArgumentException("unknown process " + id);
        }
        return process;
    }

    private void trace(String process, NetEvent event) {
        simulation.trace().emit(process, event);
    }

    /** The state of one direction of a link. */
    private static final class Link {
        private final Choices choices;
        private Distribution delay;
        private long clogExtra;
        private long clogUntil = Long.MIN_VALUE;

        Link(Choices choices) {
            this.choices = choices;
        }
    }
}

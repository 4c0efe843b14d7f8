package dev.zksim.kernel.net;

import dev.zksim.kernel.process.SimProcess;

/**
 * One end of a simulated TCP connection, held by the process at that end. Messages sent on
 * it arrive at the other end in order (FIFO like TCP), each after the link's delay, unless
 * the connection breaks first. Both ends share a numeric id that appears in the trace.
 */
public final class Connection {
    private final Network network;
    private final long id;
    private final SimProcess owner;
    private final String remote;
    private Connection peer;
    private ConnectionHandler handler;
    private long lastArrival;
    private Object outboundLink;
    private boolean open;
    private boolean cut;
    private boolean finished;

    Connection(Network network, long id, SimProcess owner, String remote, ConnectionHandler handler) {
        this.network = network;
        this.id = id;
        this.owner = owner;
        this.remote = remote;
        this.handler = handler;
    }

    public long id() {
        return id;
    }

    /** The id of the process at this end. */
    public String local() {
        return owner.id();
    }

    /** The id of the process at the other end. */
    public String remote() {
        return remote;
    }

    /** True from establishment until this end learns the connection is closed or reset. */
    public boolean isOpen() {
        return open;
    }

    /**
     * Whether what is sent on this end will reach an open other end: it is open and nothing
     * broke it. A partition cuts a connection silently, and it stays cut after the heal: its
     * owner only learns of it when a timeout fires, so a heartbeat sent on it would vanish.
     */
    public boolean isSound() {
        return open && !cut && peer != null && peer.open && !peer.cut;
    }

    /** Sends a message to the other end; silently dropped if the connection is broken. */
    public void send(Object message) {
        network.send(this, message);
    }

    /** Closes gracefully: messages already sent still arrive, then the peer sees the close. */
    public void close() {
        network.close(this);
    }

    SimProcess owner() {
        return owner;
    }

    Network network() {
        return network;
    }

    Connection peer() {
        return peer;
    }

    void setPeer(Connection peer) {
        this.peer = peer;
    }

    ConnectionHandler handler() {
        return handler;
    }

    void setHandler(ConnectionHandler handler) {
        this.handler = handler;
    }

    void setOpen(boolean open) {
        this.open = open;
    }

    /** True once a fault or crash broke the connection; nothing crosses it any more. */
    boolean isCut() {
        return cut;
    }

    /** True once the owner closed this end or was told it closed; it hears nothing more. */
    boolean isFinished() {
        return finished;
    }

    void finish() {
        this.finished = true;
        this.open = false;
    }

    void setCut() {
        this.cut = true;
    }

    /** The network's state of the link this end sends on, cached to spare a lookup per message. */
    Object outboundLink() {
        return outboundLink;
    }

    void setOutboundLink(Object link) {
        this.outboundLink = link;
    }

    /** Arrival time of the last message sent from this end, which later ones may not pass. */
    long lastArrival() {
        return lastArrival;
    }

    void setLastArrival(long lastArrival) {
        this.lastArrival = lastArrival;
    }

    @Override
    public String toString() {
        return "conn#" + id + "(" + local() + "->" + remote + (open ? "" : ", closed") + ")";
    }
}

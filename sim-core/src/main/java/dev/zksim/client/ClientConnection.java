package dev.zksim.client;

import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.KeeperState;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import dev.zksim.client.watch.ClientWatchManager;
import dev.zksim.client.watch.WatchPaths;
import dev.zksim.client.watch.WatchRegistration;
import dev.zksim.client.watch.WatchRemoval;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.Timer;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.net.Connection;
import dev.zksim.kernel.net.ConnectionHandler;
import dev.zksim.kernel.net.Network;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.kernel.trace.EventKey;
import dev.zksim.protocol.ClientPacket;
import dev.zksim.protocol.Operation;
import dev.zksim.protocol.ReplySize;
import dev.zksim.protocol.ServerPacket;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The session and connection state machine of one client handle (ZooKeeper's ClientCnxn):
 * connect attempts in host-provider order with backoff, the handshake, watch
 * re-registration, heartbeats, the read, connect and client-side expiry timeouts, and the
 * dispatch of every incoming packet, completely and in arrival order.
 *
 * <p>User code (watchers and completion callbacks) runs inline and may call back into the
 * handle, so every step that runs user code first puts the state machine into a consistent
 * state, and re-checks for CLOSED afterwards before carrying on.
 */
final class ClientConnection {
    /** Every call is counted when nothing reads its records: by key, one array increment each. */
    private static final EventKey REQUEST_SENT = EventKey.of(ClientEvent.RequestSent.class);
    private static final EventKey REQUEST_COMPLETED = EventKey.of(ClientEvent.RequestCompleted.class);

    /** ZooKeeper's reserved xid for setWatches requests. */
    static final int SET_WATCHES_XID = -8;

    private final SimProcess process;
    private final Network network;
    private final ClientConfig config;
    private final HostProvider hosts;
    private final Choices jitter;
    private final Choices watcherOrder;
    private final ClientWatchManager watches;
    private final RequestQueue requests;
    private final RequestFaults faults;
    private final int requestedTimeoutMs;

    private ClientObserver observer = ClientObserver.NONE;
    private ClientState state = ClientState.CONNECTING;
    private boolean firstAttempt = true;
    private boolean closing;
    private CompletableFuture<Void> closeFuture;
    private Connection connection;
    private String server;
    private Timer attemptTimer;
    private Timer tick;
    private final ConnectionClock clock = new ConnectionClock();
    private int negotiatedTimeoutMs;
    private long sessionId;
    private long password;
    private long lastZxid;

    ClientConnection(SimProcess process, Network network, HostProvider hosts, int requestedTimeoutMs,
            ClientWatchManager watches, ClientConfig config) {
        if (requestedTimeoutMs <= 0) {
            throw new IllegalArgumentException("session timeout must be positive: " + requestedTimeoutMs);
        }
        this.process = process;
        this.network = network;
        this.hosts = hosts;
        this.requestedTimeoutMs = requestedTimeoutMs;
        this.watches = watches;
        this.config = config;
        this.jitter = process.choices().stream("reconnect");
        this.watcherOrder = process.choices().stream("watcher-order");
        this.requests = new RequestQueue(process::trace);
        this.faults = new RequestFaults(process, network);
    }

    // ---- accessors ----

    ClientState state() {
        return state;
    }

    long sessionId() {
        return sessionId;
    }

    int negotiatedTimeoutMs() {
        return negotiatedTimeoutMs;
    }

    long lastZxid() {
        return lastZxid;
    }

    /**
     * Connected on a sound connection, not closing, and no call waiting to be sent or for its
     * reply: only pings are left to do, and they will be answered.
     */
    boolean isConnectedAndIdle() {
        return state == ClientState.CONNECTED && !closing && connection != null && connection.isSound() && requests.isEmpty();
    }

    /** The server of the established connection, or null while not connected. */
    String currentServer() {
        return state == ClientState.CONNECTED ? server : null;
    }

    /** The request faults armed on this handle; they outlive reconnects. */
    RequestFaults faults() {
        return faults;
    }

    // ---- lifecycle ----

    void start() {
        if (state == ClientState.CONNECTING && attemptTimer == null && connection == null) {
            scheduleAttempt();
        }
    }

    /**
     * Sends a request now if connected, queues it while connecting, and fails it at once
     * once closed (SessionExpired) or while closing (ConnectionLoss, as ZooKeeper does).
     */
    void submit(Operation operation, WatchRegistration watch, PendingCall.Completion completion) {
        PendingCall call = new PendingCall(requests.nextXid(), operation, watch, completion);
        if (state == ClientState.CLOSED) {
            requests.fail(call, Code.SESSIONEXPIRED);
        } else if (closing) {
            requests.fail(call, Code.CONNECTIONLOSS);
        } else if (state == ClientState.CONNECTED) {
            transmit(call);
        } else {
            requests.enqueue(call);
        }
    }

    /**
     * Ends the session: sends CloseSession and finishes when its reply arrives or the
     * connection drops; finishes at once when not connected. Idempotent.
     */
    CompletableFuture<Void> close() {
        if (closeFuture != null) {
            return closeFuture;
        }
        closeFuture = new CompletableFuture<>();
        if (state == ClientState.CLOSED) {
            closeFuture.complete(null);
            return closeFuture;
        }
        closing = true;
        if (state == ClientState.CONNECTED) {
            transmit(new PendingCall(requests.nextXid(), new Operation.CloseSession(), null, (code, response) -> finishClose()));
        } else {
            finishClose();
        }
        return closeFuture;
    }

    // ---- connect attempts ----

    private void scheduleAttempt() {
        HostProvider.Pick pick = hosts.next();
        long sleep = pick.fullCycle() ? Time.millis(config.fullCycleBackoffMs()) : 0;
        if (!firstAttempt && config.reconnectJitterMs() > 0) {
            sleep += Time.millis(jitter.draw(config.reconnectJitterMs()));
        }
        firstAttempt = false;
        long slept = sleep;
        attemptTimer = process.timer(sleep, () -> startAttempt(pick.server(), slept));
        rearmTick();
    }

    private void startAttempt(String target, long slept) {
        attemptTimer = null;
        if (state == ClientState.CLOSED) {
            return;
        }
        server = target;
        clock.attemptStarted(process.now());
        process.trace(new ClientEvent.Connecting(target, slept));
        connection = network.connect(process, target, new Handler());
        rearmTick();
    }

    /** Routes the network's callbacks, ignoring those of connections already given up. */
    private final class Handler implements ConnectionHandler {
        @Override
        public void onConnected(Connection opened) {
            if (opened == connection) {
                send(new ClientPacket.ConnectRequest(lastZxid, requestedTimeoutMs, sessionId, password));
            }
        }

        @Override
        public void onMessage(Connection from, Object message) {
            if (from != connection) {
                return;
            }
            if (message instanceof ServerPacket packet) {
                receive(packet);
            } else {
                lose("protocol error: unexpected message " + message);
            }
        }

        @Override
        public void onClosed(Connection closed, String reason) {
            if (closed == connection) {
                lose("connection closed: " + reason);
            }
        }
    }

    void setObserver(ClientObserver observer) {
        this.observer = observer;
    }

    // ---- incoming packets ----

    private void receive(ServerPacket packet) {
        clock.received(process.now());
        if (packet instanceof ServerPacket.Reply reply && ReplySize.exceeds(reply, config.packetLengthLimit())) {
            // ZooKeeper's client reads the frame length first and gives up the connection on
            // one over its limit: every pending call fails with ConnectionLoss, the session
            // lives on, and a retry of the same read fails the same way.
            lose("Packet len " + ReplySize.of(reply) + " is out of range!");
            return;
        }
        switch (packet) {
            case ServerPacket.ConnectResponse response -> onConnectResponse(response);
            case ServerPacket.Reply reply -> onReply(reply);
            case ServerPacket.Notification notification -> onNotification(notification);
            // A pong only proves the server is alive, which the receive time already noted.
            case ServerPacket.Pong pong -> { }
        }
    }

    private void onConnectResponse(ServerPacket.ConnectResponse response) {
        if (state == ClientState.CONNECTED) {
            lose("protocol error: second ConnectResponse");
            return;
        }
        if (response.isExpired()) {
            expire("server " + server + " reported the session expired");
            return;
        }
        negotiatedTimeoutMs = response.timeoutMs();
        sessionId = response.sessionId();
        password = response.password();
        state = ClientState.CONNECTED;
        hosts.onConnected();
        process.trace(new ClientEvent.Connected(server, sessionId, negotiatedTimeoutMs));
        // Watches are re-armed and queued calls sent before anyone hears SyncConnected, so a
        // call made from the SyncConnected watcher cannot overtake them.
        sendSetWatches();
        for (PendingCall call = requests.pollOutgoing(); call != null; call = requests.pollOutgoing()) {
            transmit(call);
        }
        rearmTick();
        deliver(WatchedEvent.session(KeeperState.SyncConnected));
    }

    private void onReply(ServerPacket.Reply reply) {
        PendingCall head = requests.peekInFlight();
        if (state != ClientState.CONNECTED || head == null || head.xid() != reply.xid()) {
            lose("protocol error: reply xid " + reply.xid() + " but expected " + (head == null ? "none" : head.xid()));
            return;
        }
        requests.pollInFlight();
        observer.replied(sessionId, head.operation(), reply);
        if (reply.zxid() > 0) {
            lastZxid = reply.zxid();
        }
        Code code = Code.get(reply.err());
        if (head.watch() != null) {
            watches.register(head.watch(), code);
        }
        if (process.tracing()) {
            process.trace(new ClientEvent.RequestCompleted(head.xid(), code));
        } else {
            process.countOnly(REQUEST_COMPLETED);
        }
        head.completion().settle(code, reply.response());
    }

    private void onNotification(ServerPacket.Notification notification) {
        if (state != ClientState.CONNECTED) {
            lose("protocol error: notification before the handshake");
            return;
        }
        observer.notified(sessionId, notification.event());
        deliver(notification.event());
    }

    /**
     * Runs every watcher the watch manager picks for the event, inline, in an order drawn
     * from the choices: ZooKeeper collects them in a hash set, so no order is promised.
     */
    private void deliver(WatchedEvent event) {
        List<Watcher> watchers = watches.materialize(event);
        if (event.type() == EventType.None && !watchers.isEmpty()) {
            observer.sessionEvent(sessionId, event.state());
        }
        if (config.drawnOrders() && watchers.size() > 1) {
            watchers = watcherOrder.shuffle(watchers);
        }
        for (Watcher watcher : watchers) {
            watcher.process(event);
        }
    }

    /**
     * Tells the Watchers a removal took that they are gone, event type by event type, before
     * the removal call completes. ZooKeeper groups them in a hash map and hash sets, so both
     * orders are drawn. The event's state says Disconnected when the request failed for want
     * of a connection (ClientCnxn.queueEvent).
     */
    void tellRemoved(String path, WatchRemoval removal, Code requestCode) {
        KeeperState state = requestCode == Code.CONNECTIONLOSS || requestCode == Code.SESSIONEXPIRED
            ? KeeperState.Disconnected : KeeperState.SyncConnected;
        List<EventType> types = List.copyOf(removal.removed().keySet());
        if (config.drawnOrders() && types.size() > 1) {
            types = watcherOrder.shuffle(types);
        }
        for (EventType type : types) {
            List<Watcher> watchers = removal.removed().get(type);
            if (config.drawnOrders() && watchers.size() > 1) {
                watchers = watcherOrder.shuffle(watchers);
            }
            WatchedEvent event = new WatchedEvent(type, state, path, -1L);
            for (Watcher watcher : watchers) {
                watcher.process(event);
            }
        }
    }

    // ---- outgoing packets ----

    private void sendSetWatches() {
        WatchPaths paths = watches.pathsForReconnect();
        observer.watchesResent(sessionId, paths.dataPaths(), paths.existPaths(), paths.childPaths());
        if (paths.isEmpty()) {
            return;
        }
        Operation setWatches = paths.needsSetWatches2()
                ? new Operation.SetWatches2(lastZxid, paths.dataPaths(), paths.existPaths(), paths.childPaths(),
                        paths.persistentPaths(), paths.recursivePaths())
                : new Operation.SetWatches(lastZxid, paths.dataPaths(), paths.existPaths(), paths.childPaths());
        transmit(new PendingCall(SET_WATCHES_XID, setWatches, null, (code, response) -> { }));
    }

    private void transmit(PendingCall call) {
        requests.sent(call);
        if (process.tracing()) {
            process.trace(new ClientEvent.RequestSent(call.xid(), call.operationName()));
        } else {
            process.countOnly(REQUEST_SENT);
        }
        ClientPacket.Request request = new ClientPacket.Request(call.xid(), call.operation());
        faults.beforeSend(request, connection);
        send(request);
    }

    private void send(ClientPacket packet) {
        connection.send(packet);
        clock.sent(process.now());
    }

    // ---- losing the connection, the session, or closing ----

    /**
     * Gives up the current connection or attempt: every pending and queued call fails with
     * ConnectionLoss (nothing is retried), watchers hear Disconnected (the watch manager
     * drops a repeat), and the next server is tried.
     */
    private void lose(String reason) {
        if (state == ClientState.CLOSED) {
            return;
        }
        String lostServer = server;
        dropConnection();
        if (closing) {
            finishClose();
            return;
        }
        state = ClientState.CONNECTING;
        process.trace(new ClientEvent.Disconnected(lostServer, reason));
        requests.failAll(Code.CONNECTIONLOSS);
        if (state == ClientState.CLOSED) {
            return;
        }
        deliver(WatchedEvent.session(KeeperState.Disconnected));
        if (state == ClientState.CLOSED) {
            return;
        }
        scheduleAttempt();
    }

    /**
     * Ends the session on this side only, as ZooKeeper's {@code Testable.injectSessionExpiration}
     * does: no closeSession is sent, so the servers keep the session (and its ephemerals)
     * until it times out there.
     */
    void injectExpiry() {
        expire("injected by the client (Testable.injectSessionExpiration)");
    }

    /** The session is over: Expired first, then every call fails with SessionExpired. */
    private void expire(String reason) {
        if (state == ClientState.CLOSED) {
            return;
        }
        state = ClientState.CLOSED;
        dropConnection();
        cancelTimers();
        process.trace(new ClientEvent.Expired(sessionId, reason));
        deliver(WatchedEvent.session(KeeperState.Expired));
        requests.failAll(Code.SESSIONEXPIRED);
        if (closeFuture != null) {
            closeFuture.complete(null);
        }
    }

    private void finishClose() {
        if (state == ClientState.CLOSED) {
            return;
        }
        state = ClientState.CLOSED;
        dropConnection();
        cancelTimers();
        process.trace(new ClientEvent.Closed(sessionId));
        requests.failAll(Code.SESSIONEXPIRED);
        closeFuture.complete(null);
        deliver(WatchedEvent.session(KeeperState.Closed));
    }

    private void dropConnection() {
        Connection dropped = connection;
        connection = null;
        if (dropped != null) {
            dropped.close();
        }
    }

    private void cancelTimers() {
        if (tick != null) {
            tick.cancel();
            tick = null;
        }
        if (attemptTimer != null) {
            attemptTimer.cancel();
            attemptTimer = null;
        }
    }

    // ---- timers ----

    private ConnectionClock.Situation situation() {
        int timeoutMs = negotiatedTimeoutMs > 0 ? negotiatedTimeoutMs : requestedTimeoutMs;
        return new ConnectionClock.Situation(connection != null, state == ClientState.CONNECTED,
                sessionId != 0 && config.clientSideExpiry(), timeoutMs, hosts.size(), config.maxIdleSendMs());
    }

    /**
     * One timer stands for ZooKeeper's send-thread loop: it wakes at the earliest deadline,
     * acts on what is due and re-arms. Deadlines only move later between wake-ups, except at
     * state changes (attempt started, handshake done), which re-arm explicitly.
     */
    private void rearmTick() {
        if (tick != null) {
            tick.cancel();
            tick = null;
        }
        if (state == ClientState.CLOSED) {
            return;
        }
        long deadline = clock.nextDeadline(situation());
        if (deadline != Long.MAX_VALUE) {
            tick = process.heartbeat(Math.max(0, deadline - process.now()), this::onTick);
        }
    }

    private void onTick() {
        tick = null;
        long now = process.now();
        switch (clock.due(now, situation())) {
            case EXPIRE -> {
                expire("client-side expiry: nothing heard for " + Time.format(clock.sinceHeard(now)));
                return;
            }
            case READ_TIMEOUT -> {
                lose("read timeout: nothing received for " + Time.format(clock.sinceReceived(now)));
                return;
            }
            case CONNECT_TIMEOUT -> {
                lose("connect timeout after " + Time.format(clock.sinceAttemptStarted(now)));
                return;
            }
            case PING -> send(new ClientPacket.Ping());
            case NOTHING -> { }
        }
        rearmTick();
    }
}

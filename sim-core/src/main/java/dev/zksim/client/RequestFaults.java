package dev.zksim.client;

import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.net.Connection;
import dev.zksim.kernel.net.Network;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.protocol.ClientPacket;
import dev.zksim.protocol.ServerPacket;
import java.util.ArrayList;
import java.util.List;

/**
 * The request faults armed on one client handle, consulted as each request goes onto the
 * wire. They live in the client because only the client knows which operation an xid
 * carries, and because an armed fault must survive reconnects until a matching request is
 * sent: "the client's next create" may come after the connection changed server.
 *
 * <p>A lost request is dropped by the network and the connection reset before any server
 * sees it, so it fails with ConnectionLoss and nothing is applied. A lost reply is armed on
 * the server's end of the connection for this xid, so the server applies the request and the
 * connection resets instead of delivering the answer: ConnectionLoss, applied.
 */
final class RequestFaults {
    /** What an armed fault does to the request it takes. */
    enum Kind {
        LOSE_REQUEST, DROP_REPLY
    }

    /** An armed fault and how many more matching requests it lets pass before it strikes. */
    private static final class Armed {
        final Kind kind;
        final RequestMatch match;
        int toLetPass;

        Armed(Kind kind, RequestMatch match) {
            this.kind = kind;
            this.match = match;
            this.toLetPass = match.ordinal() - 1;
        }
    }

    private final SimProcess process;
    private final Network network;
    private final List<Armed> armed = new ArrayList<>();
    /** Draws of the network's request loss; made on first use, so runs without it draw as before. */
    private Choices lossDraws;

    RequestFaults(SimProcess process, Network network) {
        this.process = process;
        this.network = network;
    }

    void arm(Kind kind, RequestMatch match) {
        armed.add(new Armed(kind, match));
    }

    /**
     * Lets the first armed fault that is due take this request, just before it is sent. Every
     * armed fault counts the requests it matches, whoever takes them, so "#2" is the second
     * matching request after the fault was armed even when another fault took the first.
     */
    void beforeSend(ClientPacket.Request request, Connection connection) {
        // Most handles have no fault armed; their requests skip the walk (and its iterator).
        if (!armed.isEmpty() && strikeArmed(request, connection)) {
            return;
        }
        int lossRate = network.requestLossPerMillion();
        if (lossRate > 0 && RequestMatch.nameOf(request.operation()) != null) {
            drawLoss(lossRate, request, connection);
        }
    }

    /** Counts the request against every matching armed fault; the first one due takes it. Returns whether one did. */
    private boolean strikeArmed(ClientPacket.Request request, Connection connection) {
        Armed striking = null;
        for (Armed fault : armed) {
            if (!fault.match.matches(request.operation())) {
                continue;
            }
            if (fault.toLetPass > 0) {
                fault.toLetPass--;
            } else if (striking == null) {
                striking = fault;
            }
        }
        if (striking == null) {
            return false;
        }
        armed.remove(striking);
        strike(striking.kind, request, connection);
        return true;
    }

    /** The network's request loss: this request, or its reply, is lost with the rate's chance. */
    private void drawLoss(int perMillion, ClientPacket.Request request, Connection connection) {
        if (lossDraws == null) {
            lossDraws = process.choices().stream("request-loss");
        }
        if (lossDraws.chance(perMillion, 1_000_000)) {
            strike(lossDraws.chance(1, 2) ? Kind.LOSE_REQUEST : Kind.DROP_REPLY, request, connection);
        }
    }

    private void strike(Kind kind, ClientPacket.Request request, Connection connection) {
        String what = RequestMatch.nameOf(request.operation()) + " xid " + request.xid() + " of " + process.id();
        if (kind == Kind.LOSE_REQUEST) {
            network.loseNextSend(connection, request, "request " + what);
        } else {
            network.faultStruck(RequestMatch.REPLY_LOST + RequestMatch.nameOf(request.operation()));
            int xid = request.xid();
            network.trapNextReceive(connection,
                    message -> message instanceof ServerPacket.Reply reply && reply.xid() == xid, "reply to " + what);
        }
    }
}

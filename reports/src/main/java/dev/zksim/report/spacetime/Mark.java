package dev.zksim.report.spacetime;

import dev.zksim.client.ClientEvent;
import dev.zksim.ensemble.EnsembleFaults;
import dev.zksim.kernel.net.NetEvent;
import dev.zksim.kernel.process.ProcessEvent;
import dev.zksim.kernel.trace.TraceEvent;
import dev.zksim.kernel.trace.TraceRecord;
import dev.zksim.server.ServerEvent;
import dev.zksim.server.zab.ZabEvent;

/**
 * How one event other than a delivered message shows on its lane. Faults and the trouble
 * they cause (crashes, drops, expiries, disconnections) are large and red or orange;
 * recoveries and new sessions green; role changes of the quorum (elected, serving) blue;
 * events of other packages (recipes) and the bulk of routine events (requests, replies, commits) small grey dots that a tooltip
 * explains.
 */
record Mark(Shape shape, double size, String cssClass, TraceEvent event) {

    /** The glyphs a mark can take. */
    enum Shape {
        DOT, CROSS, FLAG
    }

    static Mark of(TraceRecord record) {
        TraceEvent event = record.event();
        return switch (event) {
            case EnsembleFaults.Injected injected -> new Mark(Shape.FLAG, 0, "flag", event);
            case ProcessEvent.Crashed crashed -> new Mark(Shape.CROSS, 7, "crash", event);
            case ProcessEvent.Started started -> new Mark(Shape.DOT, 5, "ok", event);
            case ProcessEvent.Paused paused -> new Mark(Shape.DOT, 5, "warn", event);
            case ProcessEvent.Resumed resumed -> new Mark(Shape.DOT, 5, "ok", event);
            case NetEvent.Dropped dropped -> new Mark(Shape.CROSS, 4, "drop", event);
            case NetEvent.Partitioned partitioned -> new Mark(Shape.CROSS, 6, "crash", event);
            case NetEvent.Healed healed -> new Mark(Shape.DOT, 5, "ok", event);
            case NetEvent.Clogged clogged -> new Mark(Shape.DOT, 5, "warn", event);
            case NetEvent.ReplyTrapSet trap -> new Mark(Shape.DOT, 5, "warn", event);
            case NetEvent.Closed closed -> new Mark(Shape.DOT, 3, "warn", event);
            case NetEvent.Connect connect -> new Mark(Shape.DOT, 2.5, "net", event);
            case NetEvent.Accepted accepted -> new Mark(Shape.DOT, 2.5, "net", event);
            case ServerEvent serverEvent -> server(serverEvent);
            case ClientEvent clientEvent -> client(clientEvent);
            case ZabEvent zabEvent -> zab(zabEvent);
            default -> new Mark(Shape.DOT, 2, "ev", event);
        };
    }

    private static Mark server(ServerEvent event) {
        return switch (event) {
            case ServerEvent.SessionExpired expired -> new Mark(Shape.DOT, 5, "warn", event);
            case ServerEvent.SessionClosed closed -> new Mark(Shape.DOT, 4, "warn", event);
            case ServerEvent.ConnectionRefused refused -> new Mark(Shape.DOT, 4, "warn", event);
            case ServerEvent.SessionCreated created -> new Mark(Shape.DOT, 4, "ok", event);
            case ServerEvent.Started started -> new Mark(Shape.DOT, 5, "ok", event);
            default -> new Mark(Shape.DOT, 2, "ev", event);
        };
    }

    private static Mark client(ClientEvent event) {
        return switch (event) {
            case ClientEvent.Expired expired -> new Mark(Shape.CROSS, 6, "crash", event);
            case ClientEvent.Disconnected disconnected -> new Mark(Shape.DOT, 5, "warn", event);
            case ClientEvent.Connected connected -> new Mark(Shape.DOT, 5, "ok", event);
            default -> new Mark(Shape.DOT, 2, "ev", event);
        };
    }

    /** The quorum's changes of hands are blue, its troubles orange, its routine (proposals, commits) grey. */
    private static Mark zab(ZabEvent event) {
        return switch (event) {
            case ZabEvent.Elected elected -> new Mark(Shape.DOT, 4.5, "role", event);
            case ZabEvent.EpochDecided decided -> new Mark(Shape.DOT, 4.5, "role", event);
            case ZabEvent.Established established -> new Mark(Shape.DOT, 4.5, "role", event);
            case ZabEvent.Serving serving -> new Mark(Shape.DOT, 4.5, "role", event);
            case ZabEvent.Looking looking -> new Mark(Shape.DOT, 4, "warn", event);
            case ZabEvent.StepDown stepDown -> new Mark(Shape.DOT, 4, "warn", event);
            case ZabEvent.LeaderLost lost -> new Mark(Shape.DOT, 4, "warn", event);
            case ZabEvent.Truncated truncated -> new Mark(Shape.DOT, 4, "warn", event);
            default -> new Mark(Shape.DOT, 2, "ev", event);
        };
    }
}

package dev.zksim.ensemble;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.Stat;
import dev.zksim.api.WatchedEvent;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.protocol.Operation;
import dev.zksim.protocol.Response;
import dev.zksim.protocol.ServerPacket;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-client self-checks can fail: each violating sequence below is caught. */
class ClientOrderCheckTest {
    private final ClientOrderCheck check = new ClientOrderCheck(new Simulation(new SeededChoices(1)), "c1", new AckedWrites());

    private static Stat stat(long czxid, long mzxid, long pzxid) {
        return new Stat(czxid, mzxid, 0, 0, 0, 0, 0, 0, 0, 0, pzxid);
    }

    private static ServerPacket.Reply ok(int xid, long zxid, Response response) {
        return new ServerPacket.Reply(xid, zxid, 0, response);
    }

    @Test
    void aReadShowingAChangeBeforeItsWatchEventFails() {
        check.replied(1, new Operation.GetData("/a", true), ok(1, 5, new Response.DataResponse(null, stat(2, 4, 2))));
        assertThatThrownBy(() -> check.replied(1, new Operation.GetData("/a", false),
                ok(2, 7, new Response.DataResponse(null, stat(2, 7, 2)))))
                .isInstanceOf(SimulationFailure.class)
                .hasMessageContaining("data watch set at 0x5 has not fired");
    }

    @Test
    void theSameReadAfterTheEventPasses() {
        check.replied(1, new Operation.GetData("/a", true), ok(1, 5, new Response.DataResponse(null, stat(2, 4, 2))));
        check.notified(1, WatchedEvent.node(EventType.NodeDataChanged, "/a", 7));
        assertThatCode(() -> check.replied(1, new Operation.GetData("/a", false),
                ok(2, 7, new Response.DataResponse(null, stat(2, 7, 2))))).doesNotThrowAnyException();
    }

    @Test
    void anExistsWatchOnAMissingNodeMustFireBeforeTheNodeIsSeen() {
        check.replied(1, new Operation.Exists("/b", true), new ServerPacket.Reply(1, 3, KeeperException.Code.NONODE.intValue(), null));
        assertThatThrownBy(() -> check.replied(1, new Operation.Exists("/b", false), ok(2, 9, new Response.StatResponse(stat(8, 8, 8)))))
                .hasMessageContaining("exists watch set at 0x3 has not fired");
    }

    @Test
    void aChildListNewerThanItsWatchFails() {
        check.replied(1, new Operation.GetChildren("/p", true, false), ok(1, 3, new Response.ChildrenResponse(List.of(), null)));
        assertThatThrownBy(() -> check.replied(1, new Operation.GetChildren("/p", false, true),
                ok(2, 6, new Response.ChildrenResponse(List.of("x"), stat(1, 1, 6)))))
                .hasMessageContaining("child watch set at 0x3 has not fired");
    }

    @Test
    void aLastZxidGoingBackFails() {
        check.replied(1, new Operation.Sync("/"), ok(1, 10, new Response.PathResponse("/")));
        assertThatThrownBy(() -> check.replied(1, new Operation.Sync("/"), ok(2, 9, new Response.PathResponse("/"))))
                .hasMessageContaining("last zxid went back from 0xa to 0x9");
    }

    @Test
    void repliesOutOfRequestOrderFail() {
        check.replied(1, new Operation.Sync("/"), ok(5, 10, new Response.PathResponse("/")));
        assertThatThrownBy(() -> check.replied(1, new Operation.Sync("/"), ok(4, 10, new Response.PathResponse("/"))))
                .hasMessageContaining("reply to xid 4 arrived after the reply to xid 5");
    }

    /**
     * A watch the handle dropped locally (Curator's watcher removal while disconnected) is not
     * re-registered at the reconnect, so the server never fires it: a later read showing the
     * change is no violation. One that is re-registered still must fire first.
     */
    @Test
    void aReconnectKeepsOnlyTheWatchesItReRegisters() {
        check.replied(1, new Operation.GetChildren("/p", true, false), ok(1, 3, new Response.ChildrenResponse(List.of(), null)));
        check.replied(1, new Operation.GetChildren("/q", true, false), ok(2, 3, new Response.ChildrenResponse(List.of(), null)));
        check.watchesResent(1, List.of(), List.of(), List.of("/q"));
        assertThatCode(() -> check.replied(1, new Operation.GetChildren("/p", false, true),
                ok(3, 6, new Response.ChildrenResponse(List.of("x"), stat(1, 1, 6))))).doesNotThrowAnyException();
        assertThatThrownBy(() -> check.replied(1, new Operation.GetChildren("/q", false, true),
                ok(4, 6, new Response.ChildrenResponse(List.of("x"), stat(1, 1, 6)))))
                .hasMessageContaining("child watch set at 0x3 has not fired");
    }

    @Test
    void aReadShowingAChangeNewerThanItsZxidFails() {
        assertThatThrownBy(() -> check.replied(1, new Operation.GetData("/m", false),
                ok(1, 5, new Response.DataResponse(null, stat(2, 7, 2)))))
                .hasMessageContaining("read of /m at zxid 0x5 shows a change at 0x7, newer than the read");
    }

    @Test
    void aReadOfAnOlderNodeThanOneReadBeforeFails() {
        check.replied(1, new Operation.GetData("/m", false), ok(1, 8, new Response.DataResponse(null, stat(2, 6, 2))));
        assertThatThrownBy(() -> check.replied(1, new Operation.Exists("/m", false), ok(2, 9, new Response.StatResponse(stat(2, 4, 2)))))
                .hasMessageContaining("read of /m went back from mzxid 0x6 to 0x4");
    }

    @Test
    void aNodeReadAsAbsentCannotLaterShowAnEarlierCreation() {
        check.replied(1, new Operation.Exists("/m", false), new ServerPacket.Reply(1, 5, KeeperException.Code.NONODE.intValue(), null));
        assertThatThrownBy(() -> check.replied(1, new Operation.GetData("/m", false),
                ok(2, 9, new Response.DataResponse(null, stat(3, 3, 3)))))
                .hasMessageContaining("shows it created at 0x3 but an earlier read found no node at 0x5");
    }

    @Test
    void aNodeDeletedAndCreatedAgainReadsAsNewer() {
        check.replied(1, new Operation.GetData("/m", false), ok(1, 5, new Response.DataResponse(null, stat(2, 4, 2))));
        check.replied(1, new Operation.GetData("/m", false), new ServerPacket.Reply(2, 6, KeeperException.Code.NONODE.intValue(), null));
        assertThatCode(() -> check.replied(1, new Operation.GetData("/m", false),
                ok(3, 8, new Response.DataResponse(null, stat(7, 7, 7))))).doesNotThrowAnyException();
    }
}

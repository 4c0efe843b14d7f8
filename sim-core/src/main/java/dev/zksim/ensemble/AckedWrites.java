package dev.zksim.ensemble;

import java.util.ArrayList;
import java.util.List;

/**
 * Every write a client saw acknowledged: its zxid and the (session, xid) that asked for it.
 * The durability self-check demands that the committed history holds exactly that request
 * at that zxid, whatever crashed since: an acknowledged write is never lost or replaced.
 */
final class AckedWrites {
    record Ack(String client, long zxid, long sessionId, int xid, String operation) {
    }

    private final List<Ack> acks = new ArrayList<>();

    void add(Ack ack) {
        acks.add(ack);
    }

    List<Ack> all() {
        return List.copyOf(acks);
    }

    int size() {
        return acks.size();
    }

    Ack get(int index) {
        return acks.get(index);
    }
}

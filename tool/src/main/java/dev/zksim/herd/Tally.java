package dev.zksim.herd;

import dev.zksim.kernel.Time;
import dev.zksim.kernel.net.NetEvent;
import dev.zksim.kernel.trace.TraceRecord;
import dev.zksim.kernel.trace.TraceSink;
import dev.zksim.protocol.ClientPacket;
import dev.zksim.protocol.Operation;
import dev.zksim.protocol.ServerPacket;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Counts, from the trace of one run, what the herd report needs: every watch notification a
 * client received (with its arrival time, to tell wakeups later), every client request that
 * reached a server (reads apart), and the instants releases took effect. A release takes
 * effect when the server sends the reply of a successful delete: in these runs every delete
 * is a release (a lock node, a leader node, a barrier participant's node), and the server
 * fires the delete's watches at that same instant. Records before {@code from} (connecting,
 * making the directory) are not counted.
 */
final class Tally implements TraceSink {
    static final long BURST_WINDOW = Time.millis(1);

    private final long from;
    private final Map<String, List<Long>> notificationTimes = new LinkedHashMap<>();
    private final Map<String, TreeSet<Integer>> pendingDeletes = new LinkedHashMap<>();
    private final List<Long> requestArrivals = new ArrayList<>();
    private final List<Long> releases = new ArrayList<>();
    private long notifications;
    private long reads;

    Tally(long from) {
        this.from = from;
    }

    @Override
    public void accept(TraceRecord record) {
        if (record.time() < from || !(record.event() instanceof NetEvent.Delivered delivered)) {
            return;
        }
        switch (delivered.message()) {
            case ServerPacket.Notification notification -> {
                notifications++;
                notificationTimes.computeIfAbsent(delivered.to(), id -> new ArrayList<>()).add(record.time());
            }
            case ClientPacket.Request request -> request(delivered.from(), request, record.time());
            case ServerPacket.Reply reply -> reply(delivered.to(), reply, delivered.sentAt());
            default -> {
                // Pings, connects and the servers' own traffic are not client requests.
            }
        }
    }

    private void request(String client, ClientPacket.Request request, long time) {
        requestArrivals.add(time);
        switch (request.operation()) {
            case Operation.Exists exists -> reads++;
            case Operation.GetData data -> reads++;
            case Operation.GetChildren children -> reads++;
            case Operation.Delete delete -> pendingDeletes.computeIfAbsent(client, id -> new TreeSet<>()).add(request.xid());
            default -> {
                // Creates, multis and the rest are writes that release nothing.
            }
        }
    }

    private void reply(String client, ServerPacket.Reply reply, long sentAt) {
        TreeSet<Integer> pending = pendingDeletes.get(client);
        if (pending != null && pending.remove(reply.xid()) && reply.err() == 0) {
            releases.add(sentAt);
        }
    }

    long notifications() {
        return notifications;
    }

    long reads() {
        return reads;
    }

    long requests() {
        return requestArrivals.size();
    }

    List<Long> notificationTimes(String client) {
        return notificationTimes.getOrDefault(client, List.of());
    }

    int releases() {
        return releases.size();
    }

    /** The most requests that arrived in the window after any release; arrivals are in time order. */
    int peakBurst() {
        int peak = 0;
        for (long release : releases) {
            int first = firstAfter(release);
            int end = firstAfter(release + BURST_WINDOW);
            peak = Math.max(peak, end - first);
        }
        return peak;
    }

    /** The index of the first arrival strictly after the time. */
    private int firstAfter(long time) {
        int low = 0;
        int high = requestArrivals.size();
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (requestArrivals.get(middle) <= time) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }
}

package dev.zksim.server.zab;

import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Distribution;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The quorum configuration of one peer, in ZooKeeper's terms: tickTime in milliseconds,
 * initLimit and syncLimit in ticks, and the voting members (sid to simulated process id).
 * The remaining knobs are simulator choices: how often to snapshot, how many recent txns
 * the leader keeps for DIFF syncs, election timing, and the fsync latency.
 *
 * @param snapshotEvery ZooKeeper's snapCount: snapshot after snapshotEvery/2 plus a drawn share
 *     of snapshotEvery/2 delivered txns ({@link dev.zksim.kernel.disk.SnapshotSchedule})
 * @param committedLogWindow the leader syncs a follower by DIFF only if it lacks at most
 *     this many txns; older followers get a SNAP
 * @param finalizeWait how long (micros) election waits for a better vote after a quorum agrees
 * @param maxNotificationInterval cap (micros) of the election retransmission backoff
 * @param fsyncDelay the latency of one txn log fsync
 * @param bugs the {@link KnownBug}s this peer re-introduces; none by default (ZooKeeper 3.9.5)
 */
public record ZabConfig(
        long myId,
        SortedMap<Long, String> members,
        int tickTimeMs,
        int initLimit,
        int syncLimit,
        int snapshotEvery,
        int committedLogWindow,
        long finalizeWait,
        long maxNotificationInterval,
        Distribution fsyncDelay,
        Set<KnownBug> bugs) {

    public ZabConfig {
        bugs = KnownBug.setOf(bugs);
        members = Collections.unmodifiableSortedMap(new TreeMap<>(members));
        if (!members.containsKey(myId)) {
            throw new IllegalArgumentException("peer " + myId + " is not a member of " + members.keySet());
        }
        if (tickTimeMs <= 0 || initLimit <= 0 || syncLimit <= 0 || snapshotEvery <= 0 || committedLogWindow < 0) {
            throw new IllegalArgumentException("limits must be positive");
        }
    }

    /** A configuration with every known bug fixed, as ZooKeeper 3.9.5 has it. */
    public ZabConfig(long myId, SortedMap<Long, String> members, int tickTimeMs, int initLimit, int syncLimit,
            int snapshotEvery, int committedLogWindow, long finalizeWait, long maxNotificationInterval,
            Distribution fsyncDelay) {
        this(myId, members, tickTimeMs, initLimit, syncLimit, snapshotEvery, committedLogWindow, finalizeWait,
                maxNotificationInterval, fsyncDelay, KnownBug.NONE);
    }

    /**
     * ZooKeeper's usual settings (tickTime 2000 ms is the default; the sample zoo.cfg uses
     * initLimit 10 and syncLimit 5), a snapshot every 100 txns, a 500-txn DIFF window, a
     * 200 ms finalizeWait, backoff capped at 60 s and a 0.5 to 2 ms fsync.
     */
    public static ZabConfig defaults(long myId, SortedMap<Long, String> members) {
        return new ZabConfig(myId, members, 2000, 10, 5, 100, 500, Time.millis(200), Time.seconds(60),
                new Distribution.Uniform(500, 2000));
    }

    /** Members named "s1", "s2", ... after their ids, as the test harnesses name processes. */
    public static SortedMap<Long, String> namedMembers(int count) {
        SortedMap<Long, String> members = new TreeMap<>();
        for (long sid = 1; sid <= count; sid++) {
            members.put(sid, "s" + sid);
        }
        return members;
    }

    public ZabConfig withTiming(int tickTimeMs, int initLimit, int syncLimit) {
        return new ZabConfig(myId, members, tickTimeMs, initLimit, syncLimit, snapshotEvery, committedLogWindow,
                finalizeWait, maxNotificationInterval, fsyncDelay, bugs);
    }

    public ZabConfig withSnapshots(int snapshotEvery, int committedLogWindow) {
        return new ZabConfig(myId, members, tickTimeMs, initLimit, syncLimit, snapshotEvery, committedLogWindow,
                finalizeWait, maxNotificationInterval, fsyncDelay, bugs);
    }

    public ZabConfig withMaxNotificationInterval(long micros) {
        return new ZabConfig(myId, members, tickTimeMs, initLimit, syncLimit, snapshotEvery, committedLogWindow,
                finalizeWait, micros, fsyncDelay, bugs);
    }

    /** This configuration re-introducing exactly these known bugs (replacing any it had). */
    public ZabConfig withBugs(Set<KnownBug> reintroduced) {
        return new ZabConfig(myId, members, tickTimeMs, initLimit, syncLimit, snapshotEvery, committedLogWindow,
                finalizeWait, maxNotificationInterval, fsyncDelay, reintroduced);
    }

    /** True if this peer re-introduces the bug. */
    public boolean has(KnownBug bug) {
        return bugs.contains(bug);
    }

    public long tick() {
        return Time.millis(tickTimeMs);
    }

    public String processOf(long sid) {
        String process = members.get(sid);
        if (process == null) {
            throw new IllegalArgumentException("unknown peer " + sid);
        }
        return process;
    }

    /** The sid of a member process, or -1 if the process is not a voting member. */
    public long sidOf(String processId) {
        for (var member : members.entrySet()) {
            if (member.getValue().equals(processId)) {
                return member.getKey();
            }
        }
        return -1;
    }

    public List<Long> others() {
        List<Long> others = new ArrayList<>(members.keySet());
        others.remove(myId);
        return others;
    }

    /** True if the given number of voters (this peer included where it counts) is a majority. */
    public boolean isQuorum(int voters) {
        return 2 * voters > members.size();
    }
}

package dev.zksim.server.zab;

import dev.zksim.kernel.Simulation;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Distribution;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.kernel.disk.CrashPolicy;
import dev.zksim.kernel.net.Network;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.kernel.trace.TraceRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/** A small ensemble of Zab peers with the toy application, on one simulation. */
final class ZabHarness {
    final Simulation sim;
    final Network net;
    final ZabInvariants invariants = new ZabInvariants();
    final Map<Long, SimProcess> processes = new TreeMap<>();
    final Map<Long, ListApp> apps = new TreeMap<>();
    final Map<Long, QuorumPeer> peers = new TreeMap<>();
    final List<TraceRecord> zabEvents = new ArrayList<>();
    private final int size;
    private int proposals;

    ZabHarness(long seed, int size, CrashPolicy policy, UnaryOperator<ZabConfig> tweak) {
        this.size = size;
        this.sim = new Simulation(new SeededChoices(seed));
        this.net = new Network(sim, new Distribution.Uniform(Time.millis(1), Time.millis(5)));
        sim.trace().addSink(record -> {
            if (record.event() instanceof ZabEvent) {
                zabEvents.add(record);
            }
        });
        for (long sid = 1; sid <= size; sid++) {
            long id = sid;
            ZabConfig config = tweak.apply(ZabConfig.defaults(id, ZabConfig.namedMembers(size)).withTiming(100, 10, 5)
                    .withMaxNotificationInterval(Time.seconds(2)));
            SimProcess process = new SimProcess(sim, "s" + id, p -> {
                ListApp app = new ListApp();
                QuorumPeer peer = new QuorumPeer(p, net, config, app, invariants);
                apps.put(id, app);
                peers.put(id, peer);
                return () -> {
                    net.listen(p, peer::accept);
                    peer.start();
                };
            }, policy);
            net.register(process);
            processes.put(id, process);
        }
    }

    ZabHarness(long seed, int size) {
        this(seed, size, CrashPolicy.LOSE_UNSYNCED, UnaryOperator.identity());
    }

    void startAll() {
        processes.values().forEach(SimProcess::start);
    }

    void runFor(long micros) {
        sim.runUntil(sim.now() + micros);
    }

    List<String> ids(long... sids) {
        List<String> ids = new ArrayList<>();
        for (long sid : sids) {
            ids.add("s" + sid);
        }
        return ids;
    }

    boolean up(long sid) {
        return processes.get(sid).state() == SimProcess.State.RUNNING;
    }

    /** The established, serving leader that is up, if there is exactly one in the newest epoch. */
    Optional<Long> servingLeader() {
        return servingLeader(-1);
    }

    private Optional<Long> servingLeader(long exclude) {
        Long best = null;
        for (long sid : peers.keySet()) {
            QuorumPeer peer = peers.get(sid);
            if (up(sid) && peer.role() == Role.LEADING && peer.isServing() && peer.leaderId() != exclude
                    && (best == null || peer.currentEpoch() > peers.get(best).currentEpoch())) {
                best = sid;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Runs until a serving leader exists and a quorum serves under it, or the time is up. */
    long awaitLeader(long within) {
        return awaitLeaderOtherThan(-1, within);
    }

    /** Like {@link #awaitLeader} but the leader must not be the given peer. */
    long awaitLeaderOtherThan(long old, long within) {
        long end = sim.now() + within;
        while (sim.now() < end) {
            runFor(Time.millis(50));
            Optional<Long> leader = servingLeader(old);
            if (leader.isPresent() && servingCount(leader.get()) * 2 > size) {
                return leader.get();
            }
        }
        throw new AssertionError("no serving leader after " + Time.format(within) + ": " + describe());
    }

    int servingCount(long leader) {
        int count = 0;
        for (long sid : peers.keySet()) {
            QuorumPeer peer = peers.get(sid);
            if (up(sid) && peer.isServing() && peer.leaderId() == leader) {
                count++;
            }
        }
        return count;
    }

    /** Proposes count payloads "p<n>" from the current serving leader, if any, one per 2 ms. */
    List<Long> proposeSome(int count) {
        List<Long> zxids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Optional<Long> leader = servingLeader();
            if (leader.isPresent()) {
                zxids.add(peers.get(leader.get()).propose("p" + (++proposals)));
            }
            runFor(Time.millis(2));
        }
        return zxids;
    }

    /** Proposes count payloads at the same instant, so that several are in flight together. */
    List<Long> proposeBurst(int count) {
        List<Long> zxids = new ArrayList<>();
        Optional<Long> leader = servingLeader();
        for (int i = 0; i < count && leader.isPresent(); i++) {
            zxids.add(peers.get(leader.get()).propose("p" + (++proposals)));
        }
        return zxids;
    }

    /** Every live peer holds exactly the committed sequence, and no invariant broke. */
    void assertConverged() {
        invariants.assertHolds();
        for (long sid : peers.keySet()) {
            if (up(sid)) {
                List<String> missing = invariants.missingFrom(sid, apps.get(sid).state);
                if (!missing.isEmpty()) {
                    throw new AssertionError(missing + "\n" + describe());
                }
            }
        }
    }

    /** The sync modes the leaders chose for one follower, in order. */
    List<String> syncModesFor(long follower) {
        List<String> modes = new ArrayList<>();
        for (TraceRecord record : zabEvents) {
            if (record.event() instanceof ZabEvent.SyncSent sync && sync.follower() == follower) {
                modes.add(sync.mode());
            }
        }
        return modes;
    }

    <T extends ZabEvent> List<T> events(String process, Class<T> type) {
        List<T> found = new ArrayList<>();
        for (TraceRecord record : zabEvents) {
            if (record.process().equals(process) && type.isInstance(record.event())) {
                found.add(type.cast(record.event()));
            }
        }
        return found;
    }

    String describe() {
        StringBuilder text = new StringBuilder("at " + Time.format(sim.now()));
        for (long sid : peers.keySet()) {
            QuorumPeer peer = peers.get(sid);
            text.append("\n  s").append(sid).append(' ').append(processes.get(sid).state()).append(' ')
                    .append(peer.role()).append(" leader=").append(peer.leaderId()).append(" serving=")
                    .append(peer.isServing()).append(" epoch=").append(peer.currentEpoch()).append(" logged=")
                    .append(Zxid.hex(peer.lastLoggedZxid())).append(" committed=")
                    .append(Zxid.hex(peer.lastCommittedZxid()));
        }
        return text.toString();
    }
}

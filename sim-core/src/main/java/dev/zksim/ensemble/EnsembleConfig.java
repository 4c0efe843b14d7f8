package dev.zksim.ensemble;

import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Distribution;
import dev.zksim.kernel.disk.CrashPolicy;
import dev.zksim.server.ContainerConfig;
import dev.zksim.server.CounterStart;
import dev.zksim.server.zab.KnownBug;
import java.util.List;
import java.util.Set;

/**
 * The shape of a simulated ensemble: how many servers (1 is standalone; 3, 5 or 7 run Zab),
 * ZooKeeper's timing knobs, the session timeout clients ask for, the network and disk
 * models, and whether the ensemble's self-checks run.
 *
 * @param tickTimeMs ZooKeeper's tickTime; session timeouts are negotiated in [2, 20] ticks
 * @param initLimit ticks a follower may take to connect and sync to a new leader
 * @param syncLimit ticks a follower may go unheard before the leader drops it
 * @param sessionTimeoutMs the timeout clients request
 * @param networkDelay one-way delay of every link
 * @param fsyncLatency how long one fsync of the txn log takes
 * @param snapCount ZooKeeper's snapCount: a server snapshots after snapCount/2 plus a drawn
 *     share of snapCount/2 txns ({@link dev.zksim.kernel.disk.SnapshotSchedule})
 * @param fidelity where ZooKeeper promises nothing, how the simulation behaves (faithful by default)
 * @param counterStarts nodes every server starts with, their sequence counter (cversion) and
 *     data version far along, e.g. near 2^31 - 1 to reach ZooKeeper's overflow behaviour
 * @param containers the container manager's settings: ZooKeeper's (a check every 60 s) by
 *     default, shorter intervals for tests and scenarios ({@link #withContainerCheckInterval})
 * @param bugs the known ZooKeeper bugs every server re-introduces ({@link KnownBug}); none by
 *     default, which is ZooKeeper 3.9.5
 */
public record EnsembleConfig(
        int servers,
        int tickTimeMs,
        int initLimit,
        int syncLimit,
        int sessionTimeoutMs,
        Distribution networkDelay,
        Distribution fsyncLatency,
        CrashPolicy crashPolicy,
        int snapCount,
        boolean selfChecks,
        Fidelity fidelity,
        List<CounterStart> counterStarts,
        ContainerConfig containers,
        Set<KnownBug> bugs) {

    /** ZooKeeper's default snapCount (zookeeper.snapCount). */
    public static final int DEFAULT_SNAP_COUNT = 100_000;

    public EnsembleConfig {
        if (servers != 1 && servers != 3 && servers != 5 && servers != 7) {
            throw new IllegalArgumentException("an ensemble has 1, 3, 5 or 7 servers, not " + servers);
        }
        if (tickTimeMs <= 0 || initLimit <= 0 || syncLimit <= 0 || sessionTimeoutMs <= 0 || snapCount <= 0) {
            throw new IllegalArgumentException("timing knobs must be positive");
        }
        fidelity = fidelity == null ? Fidelity.FAITHFUL : fidelity;
        counterStarts = counterStarts == null ? List.of() : List.copyOf(counterStarts);
        containers = containers == null ? ContainerConfig.DEFAULT : containers;
        bugs = bugs == null ? KnownBug.NONE : KnownBug.setOf(bugs);
    }

    /** A configuration with every known bug fixed. */
    public EnsembleConfig(int servers, int tickTimeMs, int initLimit, int syncLimit, int sessionTimeoutMs,
            Distribution networkDelay, Distribution fsyncLatency, CrashPolicy crashPolicy, int snapCount,
            boolean selfChecks, Fidelity fidelity, List<CounterStart> counterStarts, ContainerConfig containers) {
        this(servers, tickTimeMs, initLimit, syncLimit, sessionTimeoutMs, networkDelay, fsyncLatency, crashPolicy,
                snapCount, selfChecks, fidelity, counterStarts, containers, KnownBug.NONE);
    }

    /**
     * This configuration with every server re-introducing exactly these known ZooKeeper bugs
     * (replacing any it had); an empty set is ZooKeeper 3.9.5.
     */
    public EnsembleConfig withBugs(Set<KnownBug> reintroduced) {
        return new EnsembleConfig(servers, tickTimeMs, initLimit, syncLimit, sessionTimeoutMs, networkDelay, fsyncLatency,
                crashPolicy, snapCount, selfChecks, fidelity, counterStarts, containers, reintroduced);
    }

    /**
     * This configuration with a slower txn log fsync: a known bug that lives between a log
     * append and its fsync needs a window wide enough for a crash to fall into.
     */
    public EnsembleConfig withFsyncLatency(Distribution latency) {
        return new EnsembleConfig(servers, tickTimeMs, initLimit, syncLimit, sessionTimeoutMs, networkDelay, latency,
                crashPolicy, snapCount, selfChecks, fidelity, counterStarts, containers, bugs);
    }

    /** A configuration with the faithful {@link Fidelity}. */
    public EnsembleConfig(int servers, int tickTimeMs, int initLimit, int syncLimit, int sessionTimeoutMs,
            Distribution networkDelay, Distribution fsyncLatency, CrashPolicy crashPolicy, int snapCount,
            boolean selfChecks) {
        this(servers, tickTimeMs, initLimit, syncLimit, sessionTimeoutMs, networkDelay, fsyncLatency, crashPolicy,
                snapCount, selfChecks, Fidelity.FAITHFUL, List.of(), ContainerConfig.DEFAULT);
    }

    public EnsembleConfig withFidelity(Fidelity knobs) {
        return new EnsembleConfig(servers, tickTimeMs, initLimit, syncLimit, sessionTimeoutMs, networkDelay, fsyncLatency,
                crashPolicy, snapCount, selfChecks, knobs, counterStarts, containers, bugs);
    }

    /** This configuration with every server starting with these nodes and counters. */
    public EnsembleConfig withCounterStarts(List<CounterStart> starts) {
        return new EnsembleConfig(servers, tickTimeMs, initLimit, syncLimit, sessionTimeoutMs, networkDelay, fsyncLatency,
                crashPolicy, snapCount, selfChecks, fidelity, starts, containers, bugs);
    }

    /**
     * ZooKeeper's sample settings (tickTime 2 s, initLimit 10, syncLimit 5), a 10 s session
     * timeout, a LAN of 0.1 to 1 ms links, a 0.5 to 2 ms fsync, the strict crash policy,
     * ZooKeeper's snapCount of 100,000 (so a run that does not ask for snapshots pays for none)
     * and the self-checks on.
     */
    public static EnsembleConfig defaults(int servers) {
        return new EnsembleConfig(servers, 2000, 10, 5, 10_000, new Distribution.Uniform(100, Time.millis(1)),
                new Distribution.Uniform(500, Time.millis(2)), CrashPolicy.LOSE_UNSYNCED, DEFAULT_SNAP_COUNT, true);
    }

    public EnsembleConfig withServers(int count) {
        return new EnsembleConfig(count, tickTimeMs, initLimit, syncLimit, sessionTimeoutMs, networkDelay, fsyncLatency,
                crashPolicy, snapCount, selfChecks, fidelity, counterStarts, containers, bugs);
    }

    public EnsembleConfig withSessionTimeout(int timeoutMs) {
        return new EnsembleConfig(servers, tickTimeMs, initLimit, syncLimit, timeoutMs, networkDelay, fsyncLatency,
                crashPolicy, snapCount, selfChecks, fidelity, counterStarts, containers, bugs);
    }

    public EnsembleConfig withTickTime(int tickMs) {
        return new EnsembleConfig(servers, tickMs, initLimit, syncLimit, sessionTimeoutMs, networkDelay, fsyncLatency,
                crashPolicy, snapCount, selfChecks, fidelity, counterStarts, containers, bugs);
    }

    public EnsembleConfig withNetworkDelay(Distribution delay) {
        return new EnsembleConfig(servers, tickTimeMs, initLimit, syncLimit, sessionTimeoutMs, delay, fsyncLatency,
                crashPolicy, snapCount, selfChecks, fidelity, counterStarts, containers, bugs);
    }

    public EnsembleConfig withCrashPolicy(CrashPolicy policy) {
        return new EnsembleConfig(servers, tickTimeMs, initLimit, syncLimit, sessionTimeoutMs, networkDelay, fsyncLatency,
                policy, snapCount, selfChecks, fidelity, counterStarts, containers, bugs);
    }

    public EnsembleConfig withSelfChecks(boolean on) {
        return new EnsembleConfig(servers, tickTimeMs, initLimit, syncLimit, sessionTimeoutMs, networkDelay, fsyncLatency,
                crashPolicy, snapCount, on, fidelity, counterStarts, containers, bugs);
    }

    /** This configuration with these container manager settings on every server. */
    public EnsembleConfig withContainers(ContainerConfig settings) {
        return new EnsembleConfig(servers, tickTimeMs, initLimit, syncLimit, sessionTimeoutMs, networkDelay, fsyncLatency,
                crashPolicy, snapCount, selfChecks, fidelity, counterStarts, settings, bugs);
    }

    /** This configuration with the container manager checking every {@code intervalMs}. */
    public EnsembleConfig withContainerCheckInterval(int intervalMs) {
        return withContainers(containers.withCheckIntervalMs(intervalMs));
    }

    /**
     * For scenarios that want snapshots often, to exercise recovery from them and SNAP
     * syncs: a smaller snapCount, randomised the same way.
     */
    public EnsembleConfig withSnapCount(int count) {
        return new EnsembleConfig(servers, tickTimeMs, initLimit, syncLimit, sessionTimeoutMs, networkDelay, fsyncLatency,
                crashPolicy, count, selfChecks, fidelity, counterStarts, containers, bugs);
    }

    /**
     * How long ZooKeeper itself may need, once the network is whole again, before every
     * replica serves from one quorum, with these timing knobs. A connection a partition cut
     * goes unnoticed until its reader has heard nothing for syncLimit ticks (the learner's
     * socket timeout, the leader's synced-follower check). The election that follows can pick
     * a leader whose voters then change their minds (a voter that still hears the old leader
     * and a quorum following it joins them instead), and that leader waits initLimit ticks
     * for a quorum of followers before it gives up ({@code Leader.getEpochToPropose}); only
     * then does it look again and sync to the established leader. Two ticks more cover the
     * elections and the syncs themselves. A liveness bound shorter than this blames the
     * ensemble for what ZooKeeper does.
     */
    public long quorumRecoveryBound() {
        return Time.millis((long) tickTimeMs * (syncLimit + initLimit + 2));
    }
}

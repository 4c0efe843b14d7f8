package dev.zksim.testkit;

import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultProfile;
import java.util.ArrayList;
import java.util.List;

/** Fault profiles the catalogue's scenarios share. */
public final class Profiles {

    private Profiles() {
    }

    /**
     * Every fault except a paused client, the profile most scenarios were tuned with. A
     * client paused past its session still believes it holds what it held; the believed checks
     * excuse it until it is told, and only fencing protects a resource from it, so the
     * scenarios about fencing (a paused lock holder, a controller's writes) use
     * {@link #withPausedClients} or pauses alone.
     */
    public static List<FaultKind> withoutPausedClients() {
        List<FaultKind> kinds = withPausedClients();
        kinds.remove(FaultKind.PAUSE_CLIENT);
        return kinds;
    }

    /**
     * Every fault a plan places at one point, except the opt-in ones: the request loss of
     * {@link #withRequestLoss}, the delayed close of {@link #withDelayedClose}, the disk
     * errors of {@link #withDiskErrors} and the spurious wake-ups of {@link #withSpuriousWakeups}.
     */
    public static List<FaultKind> withPausedClients() {
        List<FaultKind> kinds = new ArrayList<>(List.of(FaultKind.values()));
        kinds.remove(FaultKind.REQUEST_LOSS);
        kinds.remove(FaultKind.DELAYED_CLOSE);
        kinds.remove(FaultKind.DISK_ERROR);
        kinds.remove(FaultKind.SPURIOUS_WAKEUP);
        return kinds;
    }

    /**
     * {@code kinds} and disk errors: for the outage, a server's txn log fsyncs and snapshot
     * writes fail. ZooKeeper 3.9.5's peer then leaves its term and rejoins (a failed log
     * write) or exits (a failed snapshot write), and a peer that applied txns its log lost
     * must not keep them in memory only (ZOOKEEPER-4882).
     *
     * <pre>{@code
     * Testkit.lock("my-lock", factory).faults(1, 3, Time.seconds(5), Profiles.withDiskErrors(Profiles.withoutPausedClients()))
     * }</pre>
     */
    public static List<FaultKind> withDiskErrors(List<FaultKind> kinds) {
        List<FaultKind> with = new ArrayList<>(kinds);
        if (!with.contains(FaultKind.DISK_ERROR)) {
            with.add(FaultKind.DISK_ERROR);
        }
        return with;
    }

    /**
     * {@code kinds} and spurious wake-ups: every thread of a client that waits in
     * {@code Object.wait} wakes without a notify, which the JVM allows and real JVMs rarely do
     * (with none waiting, the client's next wait ends at once).
     * Code that waits once where it should wait in a loop on its condition goes on as if it
     * had been notified. Only code under the zksim agent (Curator, users' blocking recipes)
     * waits on simulated monitors; for other code the fault does nothing.
     *
     * <pre>{@code
     * Testkit.doubleBarrier("my-barrier", factory).faults(1, 3, Time.seconds(2),
     *         Profiles.withSpuriousWakeups(Profiles.withoutPausedClients()))
     * }</pre>
     */
    public static List<FaultKind> withSpuriousWakeups(List<FaultKind> kinds) {
        List<FaultKind> with = new ArrayList<>(kinds);
        if (!with.contains(FaultKind.SPURIOUS_WAKEUP)) {
            with.add(FaultKind.SPURIOUS_WAKEUP);
        }
        return with;
    }

    /**
     * {@code kinds} and the delayed close: a client's session expires, and its closeSession
     * commits only after the outage. The client may meanwhile hear Expired, open a new
     * session and find its old session's ephemerals still there; a recipe that trusts such a
     * node (takes it for its own lock node or latch) is then wrong once the close commits.
     *
     * <pre>{@code
     * Testkit.lock("my-lock", factory).faults(1, 2, Time.seconds(3), Profiles.withDelayedClose(List.of()))
     * }</pre>
     */
    public static List<FaultKind> withDelayedClose(List<FaultKind> kinds) {
        List<FaultKind> with = new ArrayList<>(kinds);
        if (!with.contains(FaultKind.DELAYED_CLOSE)) {
            with.add(FaultKind.DELAYED_CLOSE);
        }
        return with;
    }

    /**
     * {@code kinds} and the per-request fault profile: for an outage, every request risks being
     * lost, or its reply lost, at a drawn rate of 0.2% to 3%. Faults then land on the rare
     * paths a plan of a few aimed steps almost never hits: the delete of an abandoned acquire,
     * a cleanup after a give-up, the retry of a retry.
     *
     * <pre>{@code
     * Testkit.lock("my-lock", factory).faults(0, 3, Time.seconds(3), Profiles.withRequestLoss(Profiles.withoutPausedClients()))
     * }</pre>
     */
    public static List<FaultKind> withRequestLoss(List<FaultKind> kinds) {
        List<FaultKind> with = new ArrayList<>(kinds);
        if (!with.contains(FaultKind.REQUEST_LOSS)) {
            with.add(FaultKind.REQUEST_LOSS);
        }
        return with;
    }

    /**
     * Five to fifteen lost replies, from 0.3 s to 5 s, each aimed at the next request of one of
     * {@code operations} ("create", "delete", "setData", "getData", "getChildren", ...): the
     * server applies the request, and the client's connection is reset before the reply
     * arrives. Recipes retry such requests (Curator's retry loop does it for them) and must
     * then take a NodeExists, a NoNode or a BadVersion caused by their own first attempt for
     * what it is; random faults reach that moment rarely, aimed ones in a few seeds in a
     * hundred. The examples' Curator scenarios that end in {@code -lost-deletes},
     * {@code -lost-replies} and {@code -lost-lock-creates} use it.
     *
     * <pre>{@code
     * Testkit.fifoQueue("jobs-lost-deletes", factory).faults(Profiles.lostReplies("delete")).build()
     * }</pre>
     */
    public static FaultProfile lostReplies(String... operations) {
        return new FaultProfile(List.of(FaultKind.DROP_REPLY), 5, 15, Time.millis(300), Time.seconds(5),
                Time.millis(100), Time.millis(1500), List.of(operations));
    }

    /** Up to {@code max} faults of the kinds, between 0.5s and {@code windowEnd}. */
    public static FaultProfile random(List<FaultKind> kinds, int min, int max, long windowEnd) {
        return new FaultProfile(kinds, min, max, Time.millis(500), windowEnd, Time.millis(100), Time.seconds(3));
    }
}

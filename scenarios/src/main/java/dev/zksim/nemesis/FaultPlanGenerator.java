package dev.zksim.nemesis;

import dev.zksim.client.RequestMatch;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import java.util.ArrayList;
import java.util.List;

/**
 * Generates a fault plan from choices. Every fault that needs undoing comes with its
 * recovery (a restart, a resume, a heal) within the profile's outage bounds, so once the
 * window plus the longest outage has passed every fault has stopped and liveness can be
 * demanded. A draw of 0 everywhere gives the plan with the fewest, earliest, shortest faults.
 */
public final class FaultPlanGenerator {
    private final Choices choices;
    private final FaultProfile profile;
    private final List<String> servers;
    private final List<String> clients;
    private final List<FaultPlan.Step> steps = new ArrayList<>();

    private FaultPlanGenerator(Choices choices, FaultProfile profile, List<String> servers, List<String> clients) {
        this.choices = choices;
        this.profile = profile;
        this.servers = List.copyOf(servers);
        this.clients = List.copyOf(clients);
    }

    public static FaultPlan generate(Choices choices, FaultProfile profile, List<String> servers, List<String> clients) {
        FaultPlanGenerator generator = new FaultPlanGenerator(choices, profile, servers, clients);
        int count = choices.intIn(profile.minFaults(), profile.maxFaults());
        for (int i = 0; i < count; i++) {
            generator.addFault();
        }
        return new FaultPlan(generator.steps);
    }

    /** The time by which every fault of plans from this profile has been undone. */
    public static long quietAfter(FaultProfile profile) {
        return profile.windowEnd() + profile.maxOutage();
    }

    private void addFault() {
        long at = choices.longIn(profile.windowStart(), profile.windowEnd());
        long outage = choices.longIn(profile.minOutage(), profile.maxOutage());
        FaultKind kind = choices.pick(usableKinds());
        switch (kind) {
            case CRASH_SERVER -> add(at, new Fault.Crash(server(), outage));
            case CRASH_LEADER -> add(at, new Fault.Crash(new Target.Leader(), outage));
            case CRASH_CLIENT -> add(at, new Fault.Crash(client(), outage));
            case PAUSE_SERVER -> add(at, new Fault.Pause(server(), outage));
            case PAUSE_CLIENT -> add(at, new Fault.Pause(client(), outage));
            case PARTITION -> healLater(at, outage, new Fault.Partition(split()));
            case ONE_WAY_PARTITION -> healLater(at, outage, oneWay());
            case ISOLATE_LEADER -> healLater(at, outage, new Fault.Isolate(new Target.Leader()));
            case EXPIRE_SESSION -> add(at, new Fault.Expire(client()));
            case SPURIOUS_WAKEUP -> add(at, new Fault.SpuriousWakeup(client()));
            case DROP_REPLY -> add(at, new Fault.DropReply(client(), aim()));
            case LOSE_REQUEST -> add(at, new Fault.LoseRequest(client(), aim()));
            case LAG_FOLLOWER -> add(at, new Fault.Lag(new Target.Follower(), outage));
            case CLOG -> add(at, new Fault.Clog(server(), anyProcess(), choices.longIn(Time.millis(50), Time.seconds(1)), outage));
            // 0.2% to 3% in steps of 0.01%: a few requests of a seed's hundreds, never a storm.
            case REQUEST_LOSS -> healLater(at, outage, new Fault.RequestLoss(100 * choices.intIn(20, 300)));
            case DELAYED_CLOSE -> expireWithDelayedClose(at, outage);
            case DISK_ERROR -> add(at, new Fault.DiskError(server(), outage));
        }
    }

    /**
     * Kinds that make sense here: no client faults without clients, no followers alone, and
     * lost requests only where the profile names the operations to aim them at. An unaimed
     * lost request would hit whatever comes next, mostly a read, which
     * proves little; keeping it out of unaimed profiles also leaves the plans that existing
     * profiles generate from a seed exactly as they were.
     */
    private List<FaultKind> usableKinds() {
        List<FaultKind> usable = new ArrayList<>();
        for (FaultKind kind : profile.kinds()) {
            if (kind == FaultKind.LOSE_REQUEST && profile.aimAt().isEmpty()) {
                continue;
            }
            boolean needsClient = kind == FaultKind.CRASH_CLIENT || kind == FaultKind.PAUSE_CLIENT
                    || kind == FaultKind.EXPIRE_SESSION || kind == FaultKind.DROP_REPLY
                    || kind == FaultKind.LOSE_REQUEST || kind == FaultKind.DELAYED_CLOSE
                    || kind == FaultKind.SPURIOUS_WAKEUP;
            // Disk errors are modelled on quorum servers only (Zab's txn log and snapshots).
            boolean needsQuorum = kind == FaultKind.LAG_FOLLOWER || kind == FaultKind.ONE_WAY_PARTITION
                    || kind == FaultKind.DISK_ERROR;
            if ((!needsClient || !clients.isEmpty()) && (!needsQuorum || servers.size() > 1)) {
                usable.add(kind);
            }
        }
        return usable.isEmpty() ? List.of(FaultKind.CRASH_SERVER) : usable;
    }

    private void add(long at, Fault fault) {
        steps.add(new FaultPlan.Step(at, fault));
    }

    /** The delay is armed first: the plan keeps the order of steps at one instant. */
    private void expireWithDelayedClose(long at, long delay) {
        Target client = client();
        add(at, new Fault.DelayClose(client, delay));
        add(at, new Fault.Expire(client));
    }

    private void healLater(long at, long outage, Fault fault) {
        add(at, fault);
        add(at + outage, new Fault.Heal());
    }

    private Target server() {
        return new Target.Named(choices.pick(servers));
    }

    private Target client() {
        return new Target.Named(choices.pick(clients));
    }

    /**
     * The request a request fault aims at: one of the operations the profile names, or any
     * request when it names none (no draw then, so profiles without aims draw as before).
     */
    private RequestMatch aim() {
        if (profile.aimAt().isEmpty()) {
            return RequestMatch.ANY;
        }
        RequestMatch match = new RequestMatch(choices.pick(profile.aimAt()), null);
        // No draw for the first match, so that profiles without #N draw as they always did.
        return profile.maxNth() == 1 ? match : match.nth(choices.intIn(1, profile.maxNth()));
    }

    private Target anyProcess() {
        List<String> all = new ArrayList<>(servers);
        all.addAll(clients);
        return new Target.Named(choices.pick(all));
    }

    /** Two non-empty groups of servers and clients; a zero draw puts s1 alone on one side. */
    private List<List<Target>> split() {
        List<String> all = new ArrayList<>(servers);
        all.addAll(clients);
        List<Target> left = new ArrayList<>(List.of(new Target.Named(all.getFirst())));
        List<Target> right = new ArrayList<>();
        for (String id : all.subList(1, all.size())) {
            (choices.chance(1, 2) ? left : right).add(new Target.Named(id));
        }
        if (right.isEmpty()) {
            right.add(left.removeLast());
        }
        return List.of(left, right);
    }

    private Fault oneWay() {
        String from = choices.pick(servers);
        List<Target> to = new ArrayList<>();
        for (String id : servers) {
            if (!id.equals(from)) {
                to.add(new Target.Named(id));
            }
        }
        return new Fault.OneWayPartition(List.of(new Target.Named(from)), to);
    }
}

package dev.zksim.workload;

import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.check.FencedResource;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.recipes.lock.DistributedLock;
import dev.zksim.recipes.lock.Grant;
import dev.zksim.recipes.lock.LockListener;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.recipes.support.ConnectionStates;
import dev.zksim.recipes.support.HolderState;

/**
 * A lock client: acquire, write to the protected resource under the fencing token, hold for
 * a while, write again if it still holds, release, think; for a number of rounds. It
 * records ACQUIRE (OK with the token; a fresh ACQUIRE notification when the lock is held
 * again after SUSPENDED), RELEASE, SUSPENDED and LOST, so the exclusion checker sees what
 * the client believed, and the resource records what it accepted. A client whose session
 * expired stops: its handle is dead until its process is restarted.
 */
public final class LockWorkload implements Recorded {

    /** Builds the lock under test for one incarnation of the client. */
    @FunctionalInterface
    public interface Factory {
        DistributedLock create(ZooKeeperClient zk, ConnectionStates states, String guid, LockListener listener);
    }

    /**
     * Rounds, and the ranges (microseconds) of start delay, hold time and think time. A
     * positive patience makes a waiter give up (release before the grant) after that long,
     * like a tryLock with a timeout; 0 waits for ever.
     */
    public record Plan(int rounds, long startDelay, long holdMin, long holdMax, long thinkMax, long patience) {
    }

    /**
     * What a grant is called in the history (ACQUIRE, READ_LOCK, WRITE_LOCK) and whether a
     * holder writes to the protected resource (readers do not).
     */
    public record Role(OpKind grant, boolean writes) {
        public static final Role EXCLUSIVE = new Role(OpKind.ACQUIRE, true);
    }

    private final Factory factory;
    private final Role role;
    private final Plan plan;
    private final ClientLog log;
    private final FencedResource resource;
    private ClientContext context;
    private ConnectionStates states;
    private DistributedLock lock;
    private ClientLog.Call acquiring;
    private int incarnation;
    private boolean releasing;
    private int finished;

    public LockWorkload(Factory factory, Plan plan, ClientLog log, FencedResource resource) {
        this(factory, Role.EXCLUSIVE, plan, log, resource);
    }

    public LockWorkload(Factory factory, Role role, Plan plan, ClientLog log, FencedResource resource) {
        this.factory = factory;
        this.role = role;
        this.plan = plan;
        this.log = log;
        this.resource = resource;
    }

    @Override
    public ClientLog log() {
        return log;
    }

    @Override
    public void started(ClientContext ctx, ZooKeeperClient zk) {
        log.attach(ctx.id());
        context = ctx;
        incarnation++;
        states = new ConnectionStates();
        acquiring = null;
        lock = factory.create(new WatchTap(zk, log), states, ctx.id() + "i" + incarnation, this::changed);
        ctx.schedule(ctx.choices().longIn(0, plan.startDelay()), this::next);
    }

    @Override
    public void process(WatchedEvent event) {
        states.process(event);
    }

    private void next() {
        if (finished >= plan.rounds() || states.current() == ConnectionState.LOST) {
            return;
        }
        releasing = false;
        ClientLog.Call call = log.invoke(role.grant());
        acquiring = call;
        DistributedLock mine = lock;
        mine.acquire().whenComplete((grant, error) -> {
            acquiring = null;
            if (error == null) {
                call.ok(Value.of(grant.fencingToken()));
                hold(mine, grant);
            } else {
                call.fail(Workloads.describe(error));
                context.schedule(think(), this::next);
            }
        });
        if (plan.patience() > 0) {
            context.schedule(plan.patience(), () -> giveUp(mine, call));
        }
    }

    /** A waiter out of patience abandons its acquisition; the acquire stage then fails. */
    private void giveUp(DistributedLock mine, ClientLog.Call call) {
        if (acquiring != call || mine.state() != HolderState.WAITING) {
            return;
        }
        releasing = true;
        ClientLog.Call release = log.invoke(OpKind.RELEASE);
        mine.release().whenComplete((ok, error) -> {
            if (error == null) {
                release.ok();
            } else {
                release.info(Workloads.describe(error));
            }
        });
    }

    private void hold(DistributedLock mine, Grant grant) {
        write(grant);
        long duration = context.choices().longIn(plan.holdMin(), plan.holdMax());
        context.schedule(duration, () -> {
            if (mine.state() == HolderState.HELD) {
                write(grant);
            }
            releasing = true;
            ClientLog.Call release = log.invoke(OpKind.RELEASE);
            mine.release().whenComplete((ok, error) -> {
                if (error == null) {
                    release.ok();
                } else {
                    release.info(Workloads.describe(error));
                }
            });
            finished++;
            context.schedule(think(), this::next);
        });
    }

    private void write(Grant grant) {
        if (role.writes()) {
            resource.write(log.process(), grant.fencingToken());
        }
    }

    private long think() {
        return context.choices().longIn(0, plan.thinkMax());
    }

    /** The listener: records what the client is told unasked. */
    private void changed(HolderState state) {
        switch (state) {
            case HELD -> {
                if (acquiring == null) {
                    lock.grant().ifPresent(grant -> log.notify(role.grant(), Value.of(grant.fencingToken())));
                }
            }
            case SUSPENDED -> log.notify(OpKind.SUSPENDED);
            case LOST -> log.notify(OpKind.LOST);
            case RELEASED -> {
                // Released without being asked to: a revocation. The hold ends here.
                if (!releasing) {
                    log.notify(OpKind.RELEASE);
                }
            }
            case WAITING -> {
            }
        }
    }
}

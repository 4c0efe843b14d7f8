package dev.zksim.recipes.testing;

import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.ensemble.ClientProgram;
import dev.zksim.recipes.lock.DistributedLock;
import dev.zksim.recipes.lock.LockListener;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.recipes.support.ConnectionStates;
import dev.zksim.recipes.support.HolderState;
import java.util.ArrayList;
import java.util.List;

/**
 * A simulated client that acquires a lock, holds it for a while, releases it and thinks,
 * for a number of rounds, and reports every state change to a {@link HoldTracker}. With
 * zero rounds it only builds the lock and the test drives it by hand.
 */
public final class LockClient implements ClientProgram {

    /** Builds the lock under test for one client incarnation. */
    public interface Factory {
        DistributedLock create(ZooKeeperClient zk, ConnectionStates states, String guid, LockListener listener);
    }

    /** A reported state and the simulated time it was reported at. */
    public record Report(long time, HolderState state) {
    }

    private final Factory factory;
    private final HoldTracker tracker;
    private final boolean shared;
    private final long startDelay;
    private final long hold;
    private final long think;
    private final int rounds;
    private final List<Report> reports = new ArrayList<>();
    private ClientContext context;
    private ConnectionStates states;
    private DistributedLock lock;
    private ZooKeeperClient zk;
    private int incarnation;
    private int finished;

    public LockClient(Factory factory, HoldTracker tracker, boolean shared, long startDelay, long hold, long think,
            int rounds) {
        this.factory = factory;
        this.tracker = tracker;
        this.shared = shared;
        this.startDelay = startDelay;
        this.hold = hold;
        this.think = think;
        this.rounds = rounds;
    }

    @Override
    public void started(ClientContext ctx, ZooKeeperClient handle) {
        context = ctx;
        zk = handle;
        incarnation++;
        states = new ConnectionStates();
        lock = factory.create(handle, states, ctx.id() + "i" + incarnation, this::report);
        if (rounds > 0) {
            ctx.schedule(startDelay, this::next);
        }
    }

    @Override
    public void process(WatchedEvent event) {
        states.process(event);
    }

    private void next() {
        if (finished >= rounds || states.current() == ConnectionState.LOST) {
            return;
        }
        lock.acquire().whenComplete((grant, error) -> {
            if (error == null) {
                context.schedule(hold, () -> {
                    lock.release();
                    finished++;
                    context.schedule(think, this::next);
                });
            } else {
                context.schedule(think, this::next);
            }
        });
    }

    private void report(HolderState state) {
        reports.add(new Report(context.now(), state));
        if (state == HolderState.HELD) {
            tracker.held(context.id(), shared, context.now(), lock.grant().orElseThrow().fencingToken());
        } else {
            tracker.stopped(context.id(), context.now());
        }
    }

    public DistributedLock lock() {
        return lock;
    }

    public ZooKeeperClient zk() {
        return zk;
    }

    public ConnectionStates states() {
        return states;
    }

    public List<Report> reports() {
        return reports;
    }

    public List<HolderState> states(HolderState... wanted) {
        List<HolderState> seen = new ArrayList<>();
        for (Report report : reports) {
            for (HolderState state : wanted) {
                if (report.state() == state) {
                    seen.add(state);
                }
            }
        }
        return seen;
    }

    public int finished() {
        return finished;
    }
}

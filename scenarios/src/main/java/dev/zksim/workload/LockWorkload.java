package dev.zksim.workload;

import dev.zksim.check.FencedResource;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.HolderEvents;
import dev.zksim.testkit.LockUnderTest;
import dev.zksim.testkit.TestClient;
import java.util.concurrent.CompletionStage;

/**
 * A lock client: acquire, write to the protected resource under the fencing token, hold for
 * a while, write again if it still holds, release, think; for a number of rounds. It
 * records ACQUIRE (OK with the token; a fresh ACQUIRE notification when the lock is held
 * again after SUSPENDED), RELEASE, SUSPENDED and LOST, so the exclusion checker sees what
 * the client believed, and the resource records what it accepted.
 *
 * <p>When its session expires the client opens a new session in the same process and goes
 * on with the same lock object, as an application does; a crash starts a new lock object
 * with the new process incarnation.
 *
 * <p>If the lock is re-entrant ({@link LockUnderTest#reentrant}), about half of the holds
 * acquire it again half-way (REENTER, OK with the token), hold both a little, release the
 * nested one (REEXIT) and go on holding until the outer release, writing to the resource
 * once more under the outer token if they still hold.
 *
 * <p>A writer of a read/write lock that allows downgrades ({@link #downgrading}) downgrades
 * about half of its holds a third of the way in: it takes the read side on the same client
 * while it holds the write side (READ_LOCK, invoked and OK while the write hold lasts), then
 * lets the write side go (RELEASE) and at once records that it reads (a READ_LOCK OK
 * notification, so the checks see its read hold start where its write hold ends), and
 * releases the read side at the end of the hold without writing again.
 */
public final class LockWorkload extends SessionWorkload {

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

    /** How a writer gets the read side it downgrades to, on its own client, while it holds the write side. */
    @FunctionalInterface
    public interface Downgrade {
        LockUnderTest readSide(LockUnderTest heldWrite, TestClient client, HolderEvents events);
    }

    /** The note of a downgrade's READ_LOCK granted after the write hold had ended: let go at once. */
    public static final String ABANDONED = "the write hold ended first; let go unused";

    /** A nested acquire of a re-entrant lock its holder holds. */
    public static final OpKind REENTER = OpKind.of("REENTER");
    /** The release that matches a nested acquire: the holder still holds the lock afterwards. */
    public static final OpKind REEXIT = OpKind.of("REEXIT");

    private final LockUnderTest.Factory factory;
    private final Role role;
    private final Plan plan;
    private final FencedResource resource;
    private LockUnderTest lock;
    private ClientLog.Call acquiring;
    private boolean holding;
    private boolean releasing;
    private boolean leavingNested;
    private Downgrade downgrade;
    /** The read side this writer downgraded to in the current hold of this incarnation, if it did. */
    private LockUnderTest downgraded;
    /** The write side whose downgrade's read side is being taken, or null; that hold's end waits for it. */
    private LockUnderTest downgradeInFlight;
    /** The hold's end, put off until the downgrade in flight completes. */
    private Runnable afterDowngrade;
    private boolean waitingForSession;
    private int finished;
    private Runnable whenDone = () -> { };
    private Countdown startGate;
    private long gateDeadline;

    public LockWorkload(LockUnderTest.Factory factory, Plan plan, ClientLog log, FencedResource resource) {
        this(factory, Role.EXCLUSIVE, plan, log, resource);
    }

    public LockWorkload(LockUnderTest.Factory factory, Role role, Plan plan, ClientLog log, FencedResource resource) {
        super(log);
        this.factory = factory;
        this.role = role;
        this.plan = plan;
        this.resource = resource;
    }

    /** Downgrades about half of the holds to the read side that {@code readSide} gives (a writer of a read/write lock). */
    public LockWorkload downgrading(Downgrade readSide) {
        this.downgrade = readSide;
        return this;
    }

    /** Runs the action once this client has finished all its rounds. */
    public LockWorkload whenDone(Runnable action) {
        this.whenDone = action;
        return this;
    }

    /**
     * Starts only when the countdown reaches zero, or at the simulated instant {@code deadline}
     * (microseconds) if that comes first: a probe that must find every other client done.
     */
    public LockWorkload startAfter(Countdown gate, long deadline) {
        this.startGate = gate;
        this.gateDeadline = deadline;
        return this;
    }

    @Override
    protected void begin(ClientContext ctx) {
        acquiring = null;
        holding = false;
        waitingForSession = false;
        // A crashed incarnation's downgrade belongs to its dead client: the new incarnation's
        // first hold must end by releasing its own write side, not the old read side, and no
        // hold's end the old one put off may run in the new one.
        downgraded = null;
        downgradeInFlight = null;
        afterDowngrade = null;
        lock = factory.create(client, new Events(client));
        client.renewAfterLoss(() -> { }, this::resume);
        long delay = ctx.choices().longIn(0, plan.startDelay());
        if (startGate == null) {
            ctx.schedule(delay, this::next);
        } else {
            openGate(ctx, delay);
        }
    }

    /** Starts after the gate opens or the deadline passes, whichever is first, once per incarnation. */
    private void openGate(ClientContext ctx, long delay) {
        int mine = incarnation;
        boolean[] opened = new boolean[1];
        Runnable start = () -> {
            if (!opened[0] && mine == incarnation) {
                opened[0] = true;
                ctx.schedule(delay, this::next);
            }
        };
        startGate.whenZero(start);
        ctx.schedule(Math.max(0, gateDeadline - ctx.now()), start);
    }

    /** The new session after an expiry: a client that stopped for want of a session goes on. */
    private void resume() {
        if (waitingForSession) {
            waitingForSession = false;
            next();
        }
    }

    private void next() {
        if (finished >= plan.rounds()) {
            return;
        }
        if (client.connection().current() == ConnectionState.LOST) {
            waitingForSession = true;
            return;
        }
        releasing = false;
        ClientLog.Call call = log.invoke(role.grant());
        acquiring = call;
        LockUnderTest mine = lock;
        mine.acquire().whenComplete((token, error) -> {
            if (acquiring == call) {
                acquiring = null;
            }
            if (error == null) {
                holding = true;
                call.ok(Value.of(token));
                hold(mine, token);
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
    private void giveUp(LockUnderTest mine, ClientLog.Call call) {
        if (acquiring != call || mine != lock) {
            return;
        }
        acquiring = null;
        release(mine);
    }

    private void hold(LockUnderTest mine, long token) {
        write(token);
        long duration = context.choices().longIn(plan.holdMin(), plan.holdMax());
        if (mine.reentrant() && context.choices().chance(1, 2)) {
            context.schedule(duration / 3, () -> reenter(mine, duration / 3));
        }
        if (downgrade != null && context.choices().chance(1, 2)) {
            context.schedule(duration / 3, () -> downgrade(mine));
        }
        context.schedule(duration, () -> endHold(mine, token));
    }

    /**
     * Ends the hold: writes again if still holding the write side, releases what is held.
     * While a downgrade's read side is being taken the end waits for it, as the thread that
     * downgrades is blocked in that acquire and lets the write side go only after it.
     */
    private void endHold(LockUnderTest mine, long token) {
        if (downgradeInFlight == mine) {
            afterDowngrade = () -> endHold(mine, token);
            return;
        }
        LockUnderTest held = downgraded == null ? mine : downgraded;
        if (holding && downgraded == null) {
            write(token);
        }
        downgraded = null;
        release(held);
        finished++;
        if (finished == plan.rounds()) {
            whenDone.run();
        }
        context.schedule(think(), this::next);
    }

    /**
     * Takes the read side while holding the write side, then lets the write side go and reads
     * on: the read hold is recorded as starting where the write hold ends. If the write hold
     * ended while the read side was being taken, the read side is let go again.
     */
    private void downgrade(LockUnderTest mine) {
        if (!holding || mine != lock) {
            return;
        }
        ClientLog.Call reading = log.invoke(OpKind.READ_LOCK);
        Events readEvents = new Events(client, OpKind.READ_LOCK);
        LockUnderTest read = downgrade.readSide(mine, client, readEvents);
        downgradeInFlight = mine;
        afterDowngrade = null;
        read.acquire().whenComplete((readToken, error) -> {
            downgradeInFlight = null;
            completeDowngrade(mine, read, readEvents, reading, readToken, error);
            Runnable end = afterDowngrade;
            afterDowngrade = null;
            if (end != null) {
                end.run();
            }
        });
    }

    private void completeDowngrade(LockUnderTest mine, LockUnderTest read, Events readEvents, ClientLog.Call reading,
            Long readToken, Throwable error) {
        if (error != null) {
            reading.fail(Workloads.describe(error));
            return;
        }
        if (!holding || mine != lock || downgraded != null) {
            // The write hold ended while the read side was being taken (its session was lost):
            // nothing to downgrade any more, so the read side is let go unused and never believed held.
            readEvents.abandoned = true;
            reading.fail(ABANDONED);
            read.release();
            return;
        }
        reading.ok(Value.of(readToken));
        release(mine);
        releasing = false;
        holding = true;
        downgraded = read;
        log.notify(OpKind.READ_LOCK, Value.of(readToken));
    }

    /**
     * Acquires the held lock again on the same instance, holds both a little, then releases
     * the nested acquire; the outer hold goes on. Skipped if the outer hold already ended.
     */
    private void reenter(LockUnderTest mine, long nestedHoldMax) {
        if (!holding || mine != lock) {
            return;
        }
        ClientLog.Call nested = log.invoke(REENTER);
        mine.acquire().whenComplete((again, error) -> {
            if (error != null) {
                nested.fail(Workloads.describe(error));
                return;
            }
            nested.ok(Value.of(again));
            context.schedule(holding ? context.choices().longIn(0, nestedHoldMax) : 0, () -> leaveNested(mine));
        });
    }

    private void leaveNested(LockUnderTest mine) {
        ClientLog.Call exit = log.invoke(REEXIT);
        leavingNested = true;
        CompletionStage<Void> released = mine.release();
        leavingNested = false;
        released.whenComplete((ok, error) -> {
            if (error == null) {
                exit.ok();
            } else {
                exit.info(Workloads.describe(error));
            }
        });
    }

    private void release(LockUnderTest mine) {
        releasing = true;
        holding = false;
        ClientLog.Call release = log.invoke(OpKind.RELEASE);
        mine.release().whenComplete((ok, error) -> {
            if (error == null) {
                release.ok();
            } else {
                release.info(Workloads.describe(error));
            }
        });
    }

    /**
     * Writes to the protected resource under the grant's token. A token of 0 means the recipe
     * has none ({@link LockUnderTest}): nothing fences such a write, so it is not made, and the
     * fencing check has nothing to judge.
     */
    private void write(long token) {
        if (role.writes() && token != 0) {
            resource.write(log.process(), token);
        }
    }

    private long think() {
        return context.choices().longIn(0, plan.thinkMax());
    }

    /** What the lock tells the client unasked, recorded for the checkers. */
    private final class Events implements HolderEvents {
        private final SessionClient owner;
        private final OpKind grant;
        /** A side let go unused: what it reports is no belief of the client's. */
        private boolean abandoned;

        Events(SessionClient owner) {
            this(owner, role.grant());
        }

        /** Events of a side whose grants are recorded as {@code grant} (the read side of a downgrade). */
        Events(SessionClient owner, OpKind grant) {
            this.owner = owner;
            this.grant = grant;
        }

        private boolean current() {
            return owner == client && !abandoned;
        }

        /** The write side of a hold that was downgraded: its grants and releases are over. */
        private boolean letGo() {
            return downgraded != null && !grant.equals(OpKind.READ_LOCK);
        }

        @Override
        public void held(long token) {
            if (current() && acquiring == null && !releasing && !letGo()) {
                holding = true;
                log.notify(grant, Value.of(token));
            }
        }

        @Override
        public void suspended() {
            if (current()) {
                holding = false;
                log.notify(OpKind.SUSPENDED);
            }
        }

        @Override
        public void lost() {
            if (current()) {
                holding = false;
                log.notify(OpKind.LOST);
            }
        }

        @Override
        public void released() {
            // Released without being asked to: a revocation. The hold ends here. A nested
            // release's report is part of that release: the caller still holds.
            if (current() && !releasing && !leavingNested && !letGo()) {
                holding = false;
                log.notify(OpKind.RELEASE);
            }
        }
    }
}

package dev.zksim.workload;

import dev.zksim.ensemble.ClientContext;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.MembershipUnderTest;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A group member: joins under its process id (JOIN), and for a number of cycles leaves
 * (LEAVE_GROUP) after a while and joins again. What the member itself sees is recorded:
 * VIEW OK with the member set at every change it reports, and the view it holds every
 * {@code sample}, so the history shows what every member believes after the heal even when
 * nothing changes. SUSPENDED and LOST are recorded as the member reports them. When its
 * session expires the client opens a new session and joins again with the same member
 * object; a crash starts a new member object with the new process incarnation.
 *
 * <p>The join after a lost session does not wait for a join the lost session left pending (it
 * is recorded with an unknown outcome, and whatever it does later is ignored): a recipe need
 * not answer a call of a session that is gone. A member that rejoins on its own
 * ({@link MembershipUnderTest#rejoinsOnItsOwn}) is not asked to: the workload records a JOIN
 * when the new session is opened and completes it when the member reports it is back, so a
 * member that never comes back leaves that JOIN pending for the liveness check.
 */
public final class MembershipWorkload extends SessionWorkload {

    /** Leave-and-rejoin cycles, the start delay and the view sampling period (microseconds). */
    public record Plan(int cycles, long startDelay, long sample) {
    }

    private final MembershipUnderTest.Factory factory;
    private final Plan plan;
    private MembershipUnderTest member;
    private int cycled;
    private boolean joined;
    private boolean wanted;
    private boolean joining;
    /** The JOIN under way, asked for or awaited from a member that rejoins on its own. */
    private ClientLog.Call pendingJoin;
    private long joins;
    /**
     * Whether the member was asked to join since it last left: only such a member rejoins on
     * its own. A join deferred for want of a session never reached it.
     */
    private boolean asked;
    /** The partitions the member last said it owns, since its last SUSPENDED or LOST. */
    private final SortedSet<Integer> believed = new TreeSet<>();

    public MembershipWorkload(MembershipUnderTest.Factory factory, Plan plan, ClientLog log) {
        super(log);
        this.factory = factory;
        this.plan = plan;
    }

    @Override
    protected void begin(ClientContext ctx) {
        joined = false;
        wanted = false;
        joining = false;
        asked = false;
        believed.clear();
        SessionClient mine = client;
        member = factory.create(client, ctx.id(), new Events(mine));
        client.renewAfterLoss(() -> { }, this::rejoinAfterLoss);
        ctx.schedule(ctx.choices().longIn(0, plan.startDelay()), this::join);
        ctx.schedule(plan.sample(), () -> sample(mine));
    }

    /**
     * The new session after a lost one: a join the lost session left pending is not waited
     * for, and the member joins again, or is awaited if it rejoins on its own and had been
     * asked to join.
     */
    private void rejoinAfterLoss() {
        if (!wanted) {
            return;
        }
        if (joining) {
            joining = false;
            joins++;
            pendingJoin.info("SESSIONEXPIRED");
        }
        if (member.rejoinsOnItsOwn() && asked) {
            joining = true;
            joins++;
            pendingJoin = log.invoke(OpKind.JOIN);
        } else {
            join();
        }
    }

    /** Joins unless a join is under way; a member whose session is lost joins again once renewed. */
    private void join() {
        wanted = true;
        if (joining || client.connection().current() == ConnectionState.LOST) {
            return;
        }
        joining = true;
        long attempt = ++joins;
        ClientLog.Call call = log.invoke(OpKind.JOIN);
        pendingJoin = call;
        asked = true;
        MembershipUnderTest mine = member;
        mine.join().whenComplete((ok, error) -> {
                if (mine != member || attempt != joins) {
                return;
            }
            joining = false;
            if (error != null) {
                call.fail(Workloads.describe(error));
                context.schedule(Time.millis(300), this::join);
                return;
            }
            call.ok();
            joinedNow(mine);
        });
    }

    /** In the group again: the member may leave after a while, for the plan's cycles. */
    private void joinedNow(MembershipUnderTest mine) {
        joined = true;
        if (cycled < plan.cycles()) {
            cycled++;
            context.schedule(context.choices().longIn(Time.millis(100), Time.seconds(2)), () -> leave(mine));
        }
    }

    /** A member that rejoins on its own is back: the awaited JOIN completes. */
    private void rejoined() {
        if (!joining || !member.rejoinsOnItsOwn() || pendingJoin.isDone()) {
            return;
        }
        joining = false;
        pendingJoin.ok();
        joinedNow(member);
    }

    private void leave(MembershipUnderTest mine) {
        if (mine != member || !joined) {
            return;
        }
        joined = false;
        wanted = false;
        asked = false;
        ClientLog.Call call = log.invoke(OpKind.LEAVE_GROUP);
        mine.leave().whenComplete((ok, error) -> {
            if (error == null) {
                call.ok();
            } else {
                call.info(Workloads.describe(error));
            }
            if (mine == member) {
                context.schedule(context.choices().longIn(0, Time.millis(500)), this::join);
            }
        });
    }

    private void sample(SessionClient owner) {
        if (owner != client) {
            return;
        }
        if (client.connection().current() == ConnectionState.CONNECTED) {
            member.view().ifPresent(view -> log.notify(OpKind.VIEW, Value.sortedSet(view)));
        }
        context.schedule(plan.sample(), () -> sample(owner));
    }

    /** What the member reports unasked, recorded for the checkers while its process lives. */
    private final class Events implements MembershipUnderTest.Events {
        private final SessionClient owner;

        Events(SessionClient owner) {
            this.owner = owner;
        }

        @Override
        public void view(List<String> members) {
            if (owner == client) {
                log.notify(OpKind.VIEW, Value.sortedSet(members));
            }
        }

        @Override
        public void rejoined() {
            if (owner == client) {
                MembershipWorkload.this.rejoined();
            }
        }

        @Override
        public void suspended() {
            if (owner == client) {
                believed.clear();
                log.notify(OpKind.SUSPENDED);
            }
        }

        @Override
        public void lost() {
            if (owner == client) {
                joined = false;
                believed.clear();
                log.notify(OpKind.LOST);
            }
        }

        /** Records the change: DISOWN for each partition given up, then OWN for each one taken. */
        @Override
        public void owned(SortedSet<Integer> partitions) {
            if (owner != client) {
                return;
            }
            for (Integer p : new TreeSet<>(believed)) {
                if (!partitions.contains(p)) {
                    believed.remove(p);
                    log.notify(OpKind.DISOWN, Value.of(p));
                }
            }
            for (Integer p : partitions) {
                if (believed.add(p)) {
                    log.notify(OpKind.OWN, Value.of(p));
                }
            }
        }
    }
}

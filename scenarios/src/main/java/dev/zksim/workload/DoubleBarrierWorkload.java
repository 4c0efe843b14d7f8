package dev.zksim.workload;

import dev.zksim.ensemble.ClientContext;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.DoubleBarrierUnderTest;

/**
 * A participant of a double barrier: ENTER, compute for up to {@code compute}, LEAVE; once.
 * LOST is recorded when a session expires. After {@code Expired} it opens a new session and,
 * if it had not left, enters again with the same participant object and then leaves; a
 * restarted process that had not left does the same with a new object. With a patience, an
 * enter still waiting when the patience runs out is given up ({@code cancelEnter}); an enter
 * the recipe reports cancelled is recorded as failed with the note {@link Op#GAVE_UP}
 * (the participant withdrew) and tried again after a short pause, as is an enter or a leave
 * that failed (its retries ran out while the client was cut off). A participant gives up at
 * most {@value #MAX_GIVE_UPS} times and then waits as long as it takes: participants that
 * withdraw forever would never all be there at once, in production as here.
 *
 * <p>With a leave patience, a leave still waiting when that patience runs out is given up
 * ({@code cancelLeave}); a leave the recipe reports cancelled is recorded as failed with the
 * note {@link Op#GAVE_UP}, and the participant is done: it computed and walked away, so it
 * neither leaves again nor enters again after a lost session.
 *
 * <p>After a lost session it enters again at once, without waiting for the lost session's
 * enter or leave to complete (the contract, {@link DoubleBarrierUnderTest}, says so): a recipe
 * need not answer calls of a session that is gone, and waiting for them could wait forever.
 */
public final class DoubleBarrierWorkload extends SessionWorkload {
    private final DoubleBarrierUnderTest.Factory factory;
    private final int participants;
    private final long compute;
    private static final int MAX_GIVE_UPS = 2;
    private final long patience;
    private final long leavePatience;
    private int giveUps;
    private DoubleBarrierUnderTest barrier;
    private boolean left;
    private long attempt;
    private ClientLog.Call open;

    /** A participant that waits as long as it takes ({@code patience} 0) or gives up an enter after {@code patience}. */
    public DoubleBarrierWorkload(DoubleBarrierUnderTest.Factory factory, int participants, long compute, long patience,
            ClientLog log) {
        this(factory, participants, compute, patience, 0, log);
    }

    /**
     * A participant that also gives a leave up after {@code leavePatience} (0: it waits as
     * long as it takes to leave).
     */
    public DoubleBarrierWorkload(DoubleBarrierUnderTest.Factory factory, int participants, long compute, long patience,
            long leavePatience, ClientLog log) {
        super(log);
        this.factory = factory;
        this.participants = participants;
        this.compute = compute;
        this.patience = patience;
        this.leavePatience = leavePatience;
    }

    @Override
    protected void begin(ClientContext ctx) {
        barrier = factory.create(client, participants);
        client.renewAfterLoss(() -> log.notify(OpKind.LOST), this::resume);
        enterLater(ctx.choices().longIn(0, Time.millis(300)));
    }

    /**
     * Enters after {@code delay}, unless another attempt began meanwhile. A session lost and
     * renewed in between has already entered again ({@link #resume}); entering a second time
     * would run two enters of one participant at once, and the one whose answer this
     * workload ignores would stay open in the history for ever.
     */
    private void enterLater(long delay) {
        long seen = attempt;
        context.schedule(delay, () -> {
            if (attempt == seen) {
                enter();
            }
        });
    }

    /** The new session after an expiry: the old session's pending call will never be answered, so its outcome is unknown. */
    private void resume() {
        if (open != null && !open.isDone()) {
            open.info("SESSIONEXPIRED");
        }
        enter();
    }

    /** Enters (again); an older attempt that completes later is ignored. */
    private void enter() {
        if (left || client.connection().current() == ConnectionState.LOST) {
            return;
        }
        long mine = ++attempt;
        DoubleBarrierUnderTest participant = barrier;
        ClientLog.Call call = log.invoke(OpKind.ENTER);
        open = call;
        if (patience > 0 && giveUps < MAX_GIVE_UPS) {
            context.schedule(patience, () -> giveUp(participant, mine, call));
        }
        participant.enter().whenComplete((ok, error) -> {
            if (participant != barrier || mine != attempt || call.isDone()) {
                return;
            }
            if (error != null && Workloads.givenUp(error)) {
                call.fail(Op.GAVE_UP);
                enterLater(context.choices().longIn(0, Time.millis(300)));
                return;
            }
            if (error != null) {
                // The participant still wants in, as an application would: an enter that failed
                // (its retries ran out while the client was cut off) is tried again, or the
                // others would wait for it for ever.
                call.fail(Workloads.describe(error));
                enterLater(context.choices().longIn(0, Time.millis(300)));
                return;
            }
            call.ok();
            context.schedule(context.choices().longIn(0, compute), () -> leave(participant, mine));
        });
    }

    /** Out of patience: gives the enter up if it is still the one under way. */
    private void giveUp(DoubleBarrierUnderTest participant, long mine, ClientLog.Call call) {
        if (participant == barrier && mine == attempt && !call.isDone()) {
            giveUps++;
            participant.cancelEnter();
        }
    }

    private void leave(DoubleBarrierUnderTest participant, long mine) {
        if (participant != barrier || mine != attempt) {
            return;
        }
        ClientLog.Call call = log.invoke(OpKind.LEAVE);
        open = call;
        if (leavePatience > 0) {
            context.schedule(leavePatience, () -> giveUpLeave(participant, mine, call));
        }
        participant.leave().whenComplete((ok, error) -> {
            if (call.isDone()) {
                return;
            }
            if (error == null) {
                left = true;
                call.ok();
            } else if (Workloads.givenUp(error)) {
                left = true;
                call.fail(Op.GAVE_UP);
            } else {
                // As with a failed enter: the participant still has to leave, or the others
                // would wait for its node for as long as its session lives.
                call.fail(Workloads.describe(error));
                context.schedule(context.choices().longIn(0, Time.millis(300)), () -> leave(participant, mine));
            }
        });
    }

    /** Out of patience to leave: gives the leave up if it is still the one under way. */
    private void giveUpLeave(DoubleBarrierUnderTest participant, long mine, ClientLog.Call call) {
        if (participant == barrier && mine == attempt && !call.isDone()) {
            participant.cancelLeave();
        }
    }
}

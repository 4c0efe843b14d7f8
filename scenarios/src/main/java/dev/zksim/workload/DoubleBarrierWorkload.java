package dev.zksim.workload;

import dev.zksim.ensemble.ClientContext;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.DoubleBarrierUnderTest;

/**
 * A participant of a double barrier: ENTER, compute for up to {@code compute}, LEAVE; once.
 * LOST is recorded when a session expires. After {@code Expired} it opens a new session and,
 * if it had not left, enters again with the same participant object and then leaves; a
 * restarted process that had not left does the same with a new object.
 */
public final class DoubleBarrierWorkload extends SessionWorkload {
    private final DoubleBarrierUnderTest.Factory factory;
    private final int participants;
    private final long compute;
    private DoubleBarrierUnderTest barrier;
    private boolean left;
    private long attempt;
    private ClientLog.Call open;

    public DoubleBarrierWorkload(DoubleBarrierUnderTest.Factory factory, int participants, long compute, ClientLog log) {
        super(log);
        this.factory = factory;
        this.participants = participants;
        this.compute = compute;
    }

    @Override
    protected void begin(ClientContext ctx) {
        barrier = factory.create(client, participants);
        client.renewAfterLoss(() -> log.notify(OpKind.LOST), this::resume);
        ctx.schedule(ctx.choices().longIn(0, Time.millis(300)), this::enter);
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
        participant.enter().whenComplete((ok, error) -> {
            if (participant != barrier || mine != attempt || call.isDone()) {
                return;
            }
            if (error != null) {
                call.fail(Workloads.describe(error));
                return;
            }
            call.ok();
            context.schedule(context.choices().longIn(0, compute), () -> leave(participant, mine));
        });
    }

    private void leave(DoubleBarrierUnderTest participant, long mine) {
        if (participant != barrier || mine != attempt) {
            return;
        }
        ClientLog.Call call = log.invoke(OpKind.LEAVE);
        open = call;
        participant.leave().whenComplete((ok, error) -> {
            if (call.isDone()) {
                return;
            }
            if (error == null) {
                left = true;
                call.ok();
            } else {
                call.fail(Workloads.describe(error));
            }
        });
    }
}

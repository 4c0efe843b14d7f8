package dev.zksim.workload;

import dev.zksim.ensemble.ClientContext;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.QueueUnderTest;

/**
 * A producer or a consumer of a queue. A consumer with a patience gives a take up when it
 * has waited that long (DEQUEUE then fails as cancelled, or succeeds if the queue had
 * already claimed an item), so the recipe's cancellation path runs under faults. From the
 * heal on ({@link #patientFromNow}) it waits for every take as long as it takes: a patience
 * shorter than a take's round trips would otherwise leave the queue full of items nobody
 * could take, and the drained check would blame the queue for a consumer's haste.
 *
 * <p> A producer offers {@code items} items one at a time
 * (ENQUEUE with the item's id, or (id, priority) with priorities), never re-offering an item
 * after an unknown outcome: it moves on to a new id, so a duplicate in the history is the
 * queue's. An item whose offer certainly failed is not counted, and a new one is offered. A
 * consumer takes items (DEQUEUE OK with the id) for the whole run. After {@code Expired}
 * either opens a new session and goes on with the same queue object; a crash starts a new
 * object with the new process incarnation.
 *
 * <p>A consumer of a queue that locks each item while it is processed
 * ({@link QueueUnderTest#locksWhileProcessing}) processes each item it took for a time drawn
 * up to {@code processing}, then records DEQUEUE OK and calls {@code processed}: an item is
 * delivered once processed. If its session is lost meanwhile, the DEQUEUE fails with the note
 * {@value #LOCK_LOST} (the lock went with the session; the item is not processed and must be
 * served again).
 */
public final class QueueWorkload extends SessionWorkload {

    /**
     * Items per producer, whether they carry random priorities 0..9, and how long a consumer
     * waits for an item before it gives the take up (microseconds; 0: never).
     */
    public record Plan(int items, boolean priorities, long patience, long processing) {

        /** Consumers that never give up. */
        public Plan(int items, boolean priorities) {
            this(items, priorities, 0, 0);
        }

        /** Consumers that process nothing for any time. */
        public Plan(int items, boolean priorities, long patience) {
            this(items, priorities, patience, 0);
        }
    }

    /** The note of a DEQUEUE whose consumer lost its session, and with it the item's lock, while processing. */
    public static final String LOCK_LOST = "lost the item's lock while processing it";

    private final QueueUnderTest.Factory factory;
    private final boolean producer;
    private final Plan plan;
    private QueueUnderTest queue;
    /** Items offered that are, or may be, in the queue. */
    private int produced;
    /** Item ids used so far: every offer gets a new one, a refused offer's replacement too. */
    private int offered;
    private boolean busy;
    private long takes;
    private long sessionsLost;
    private boolean patient;

    public QueueWorkload(QueueUnderTest.Factory factory, boolean producer, Plan plan, ClientLog log) {
        super(log);
        this.factory = factory;
        this.producer = producer;
        this.plan = plan;
    }

    @Override
    protected void begin(ClientContext ctx) {
        busy = false;
        queue = factory.create(client);
        client.renewAfterLoss(() -> {
            sessionsLost++;
            log.notify(OpKind.LOST);
        }, this::next);
        ctx.schedule(ctx.choices().longIn(0, Time.millis(200)), this::next);
    }

    /** From now on, takes are never given up; a take already waiting is not given up either. */
    public void patientFromNow() {
        patient = true;
    }

    /** Whether this client's queue, once built, locks items while they are processed; false before its first start. */
    public boolean locksWhileProcessing() {
        return queue != null && queue.locksWhileProcessing();
    }

    private void next() {
        if (busy || client.connection().current() == ConnectionState.LOST) {
            return;
        }
        if (producer) {
            offer();
        } else {
            take();
        }
    }

    private void offer() {
        if (produced >= plan.items()) {
            return;
        }
        busy = true;
        String id = context.id() + "-" + offered++;
        int priority = plan.priorities() ? context.choices().intIn(0, 9) : 0;
        Value value = plan.priorities() ? Value.tuple(Value.of(id), Value.of(priority)) : Value.of(id);
        ClientLog.Call call = log.invoke(OpKind.ENQUEUE, value);
        QueueUnderTest mine = queue;
        mine.offer(id, priority).whenComplete((ok, error) -> {
            if (mine != queue) {
                return;
            }
            finish(call, error, value);
            // An item that certainly is not in the queue does not count: the producer offers
            // another, so that a queue that refuses for good keeps being asked and the refusal
            // shows after the heal.
            if (error == null || Workloads.uncertain(error) || Workloads.givenUp(error)) {
                produced++;
            }
            context.schedule(context.choices().longIn(0, Time.millis(30)), this::next);
        });
    }

    /** Takes one item; with a patience, gives the take up if it is still pending when the patience runs out. */
    private void take() {
        busy = true;
        ClientLog.Call call = log.invoke(OpKind.DEQUEUE);
        QueueUnderTest mine = queue;
        long current = ++takes;
        if (plan.patience() > 0 && !patient) {
            context.schedule(plan.patience(), () -> {
                if (current == takes && mine == queue && !call.isDone() && !patient) {
                    mine.cancelTake();
                }
            });
        }
        mine.take().whenComplete((item, error) -> {
            if (mine != queue) {
                return;
            }
            if (error == null && mine.locksWhileProcessing()) {
                process(mine, call, item);
                return;
            }
            if (error != null && mine.locksWhileProcessing() && !Workloads.givenUp(error)) {
                // Such a queue removes an item only when told it was processed, so a take that
                // delivered nothing certainly took nothing, whatever the error.
                busy = false;
                call.fail(Workloads.describe(error));
                context.schedule(context.choices().longIn(0, Time.millis(20)), this::next);
                return;
            }
            finish(call, error, item == null ? Value.NONE : Value.of(item));
            context.schedule(context.choices().longIn(0, Time.millis(20)), this::next);
        });
    }

    /**
     * Processes the item under its lock for a while; delivered (DEQUEUE OK) only if the session
     * that took it lived to the end, then {@code processed} lets the queue remove it.
     */
    private void process(QueueUnderTest mine, ClientLog.Call call, String item) {
        long lostBefore = sessionsLost;
        context.schedule(context.choices().longIn(0, plan.processing()), () -> {
            if (mine != queue) {
                return;
            }
            if (sessionsLost != lostBefore) {
                busy = false;
                call.fail(LOCK_LOST);
            } else {
                finish(call, null, Value.of(item));
                mine.processed(item);
            }
            context.schedule(context.choices().longIn(0, Time.millis(20)), this::next);
        });
    }

    private void finish(ClientLog.Call call, Throwable error, Value value) {
        busy = false;
        if (error == null) {
            call.ok(value);
        } else if (Workloads.givenUp(error)) {
            // The contract: a take reported cancelled took nothing, so the checker may hold it to that.
            call.fail(Op.GAVE_UP);
        } else if (Workloads.uncertain(error)) {
            call.info(Workloads.describe(error));
        } else {
            call.fail(Workloads.describe(error));
        }
    }
}

package dev.zksim.testkit;

import dev.zksim.check.Checker;
import dev.zksim.check.LivenessChecker;
import dev.zksim.check.QueueChecker;
import dev.zksim.check.StillRefusedChecker;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Trial;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.QueueWorkload;
import dev.zksim.workload.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A queue under test, with its declared delivery mode and order. Producers offer unique
 * items (with random priorities 0..9 for a priority queue), consumers take for the whole run;
 * after {@code Expired} each opens a new session and goes on with the same queue object. In
 * some seeds consumers give takes up ({@link #giveUps}) until the heal, and an abandoned take
 * must not lose an item.
 *
 * <p>Checked: no item is taken that nobody offered; order (an item offered after another
 * was acknowledged, with no more urgent priority, is not taken before anyone even tried to
 * take the earlier one), unless the queue promises it only to a single consumer
 * ({@link #orderOnlyForOneConsumer}) and the seed runs several; for exactly-once and at-most-once, no item is taken twice; for
 * exactly-once and at-least-once, every acknowledged item is taken by the end (forgiving as
 * many as there were takes with an unknown outcome); every offer completes within a bound
 * after the heal, and no producer is still refused then (an offer that certainly failed is
 * made again, so a queue that refuses every offer fails the run).
 *
 * <p>A queue whose consumers lock each item while they process it
 * ({@link QueueUnderTest#locksWhileProcessing}) has each taken item processed for a while
 * ({@link #processing}) before it counts as delivered; such a queue usually promises its
 * order only on a best-effort basis ({@link #bestEffortOrder}), since it skips items that
 * consumers cut off still hold.
 */
public final class QueueScenario extends ScenarioBuilder<QueueScenario> {
    /** The knob stream of the consumers' patience, explored by the small scope. */
    public static final String PATIENCE = "knobs/patience";
    /** The knob stream of the number of consumers, explored by the small scope when one is the smallest. */
    static final String CONSUMERS = "knobs/consumers";
    private final QueueUnderTest.Factory factory;
    private final QueueUnderTest.Order order;
    private QueueUnderTest.Delivery delivery = QueueUnderTest.Delivery.EXACTLY_ONCE;
    private int minProducers = 1;
    private int maxProducers = 3;
    private int minConsumers = 1;
    private int maxConsumers = 3;
    private int minItems = 3;
    private int maxItems = 10;
    private Patience patience = Patience.DEFAULT;
    private boolean orderOnlyForOneConsumer;
    private boolean bestEffortOrder;
    private long processingMin = Time.millis(10);
    private long processingMax = Time.millis(300);

    QueueScenario(String id, QueueUnderTest.Order order, QueueUnderTest.Factory factory) {
        super(id, "Queue " + id + ": producers and consumers keep " + order + " order under random faults");
        this.order = Objects.requireNonNull(order, "order");
        this.factory = Objects.requireNonNull(factory, "factory");
        faults(0, 3, Time.seconds(3), Profiles.withoutPausedClients());
    }

    /** The delivery the queue promises (exactly once by default). */
    public QueueScenario delivery(QueueUnderTest.Delivery promised) {
        this.delivery = Objects.requireNonNull(promised, "delivery");
        return this;
    }

    /**
     * The queue promises its order only to a single consumer, as Curator's DistributedQueue
     * documents ("If a single consumer takes items out of the queue, they will be ordered
     * FIFO"): seeds with several consumers check delivery but not order.
     */
    public QueueScenario orderOnlyForOneConsumer() {
        this.orderOnlyForOneConsumer = true;
        return this;
    }

    /**
     * The queue promises its order only on a best-effort basis: an item may be overtaken while
     * a take of another consumer that came to nothing could have held it (a consumer cut off
     * while it held the item's lock), as a queue that locks items while they are processed and
     * skips locked ones does. Delivery is still checked as declared.
     */
    public QueueScenario bestEffortOrder() {
        this.bestEffortOrder = true;
        return this;
    }

    /**
     * Consumers of a queue that {@link QueueUnderTest#locksWhileProcessing} process each item
     * for up to a time each seed draws from [min, max] microseconds (by default 10 to 300 ms).
     */
    public QueueScenario processing(long min, long max) {
        if (min < 0 || max < min) {
            throw new IllegalArgumentException("processing: need 0 <= min <= max");
        }
        this.processingMin = min;
        this.processingMax = max;
        return this;
    }

    /** Consumers hand each item back as processed as soon as they took it. */
    public QueueScenario noProcessing() {
        return processing(0, 0);
    }

    /** How many producers a seed runs, inclusive range. */
    public QueueScenario producers(int min, int max) {
        requireRange("producers", 1, min, max);
        this.minProducers = min;
        this.maxProducers = max;
        return this;
    }

    /** How many consumers a seed runs, inclusive range. */
    public QueueScenario consumers(int min, int max) {
        requireRange("consumers", 1, min, max);
        this.minConsumers = min;
        this.maxConsumers = max;
        return this;
    }

    /** How many items each producer offers, inclusive range. */
    public QueueScenario items(int min, int max) {
        requireRange("items", 1, min, max);
        this.minItems = min;
        this.maxItems = max;
        return this;
    }

    /**
     * In {@code numerator} of every {@code denominator} seeds, consumers give a take up
     * ({@link QueueUnderTest#cancelTake}) after waiting a time drawn from [min, max]
     * microseconds; by default a third of the seeds, after 0.2 to 3 s. From the heal on they
     * wait as long as a take needs, so that the items left are drained by the end: with a
     * patience shorter than a take's round trips, nobody could take them, and the drained
     * check would blame the queue for the consumers' haste. The patience is the
     * knob stream {@value #PATIENCE}, which the explorer's small scope explores (its
     * shortest and longest value, with two buckets) instead of fixing it at the shortest: a
     * take given up is lost only when the patience runs out at the one moment its claim is
     * in flight, and with the shortest patience alone every run is a long tail of takes
     * given up every few milliseconds.
     */
    public QueueScenario giveUps(int numerator, int denominator, long min, long max) {
        this.patience = new Patience(numerator, denominator, min, max);
        return this;
    }

    /** Consumers never give a take up. */
    public QueueScenario noGiveUps() {
        this.patience = Patience.NEVER;
        return this;
    }

    @Override
    protected List<Goal> standardGoals() {
        return ShapeGoals.queue(patience.some(), delivery == QueueUnderTest.Delivery.AT_LEAST_ONCE);
    }

    /**
     * The consumers' patience; whether they give up, where the scope would otherwise run no
     * give-ups; and the number of consumers, where one is the smallest.
     */
    @Override
    protected List<String> smallScopeKnobs() {
        List<String> knobs = new ArrayList<>();
        if (patience.offInSmallScope()) {
            knobs.add(Patience.GIVE_UPS);
        }
        knobs.add(PATIENCE);
        if (minConsumers == 1 && maxConsumers > 1) {
            knobs.add(CONSUMERS);
        }
        return knobs;
    }

    @Override
    protected List<String> shapeLimits(boolean faulty) {
        return maxConsumers == 1 ? List.of("one consumer: no two consumers take at once, so no item can go to two"
                + " of them.") : List.of();
    }

    @Override
    protected Trial prepare(Choices knobs) {
        SwarmKnobs swarm = swarm(knobs);
        int producers = knobs.intIn(minProducers, maxProducers);
        int consumers = knobs.named("consumers").intIn(minConsumers, maxConsumers);
        int items = knobs.intIn(minItems, maxItems);
        long giveUpAfter = patience.drawExplorable(knobs);
        FaultProfile faults = faultsFor(swarm);
        // Drawn last, so that seeds keep the draws they had before items could be processed.
        long processing = processingMax == 0 ? 0 : knobs.longIn(processingMin, processingMax);
        return trial(swarm, producers, consumers,
                new QueueWorkload.Plan(items, order == QueueUnderTest.Order.PRIORITY, giveUpAfter, processing), faults);
    }

    private Trial trial(SwarmKnobs swarm, int producers, int consumers, QueueWorkload.Plan plan, FaultProfile faults) {
        long bound = Bounds.afterHeal(swarm, Time.seconds(5));
        List<QueueWorkload> made = new ArrayList<>();
        RecipeTrial.Installer installer = (ensemble, history) -> {
            for (int i = 0; i < producers + consumers; i++) {
                QueueWorkload client = new QueueWorkload(factory, i < producers, plan, new ClientLog(history));
                made.add(client);
                Workloads.add(ensemble, client);
            }
        };
        boolean orderChecked = !orderOnlyForOneConsumer || consumers == 1;
        QueueChecker declared = !orderChecked ? checker().withoutOrder()
                : bestEffortOrder ? checker().withBestEffortOrder() : checker();
        // Known once the clients have built their queues: a queue that removes items only when
        // processed makes every take that delivered nothing a take that removed nothing.
        RecipeTrial.Checks checks = (heal, end) -> List.<Checker>of(
                made.stream().anyMatch(QueueWorkload::locksWhileProcessing) ? declared.removedOnlyWhenProcessed() : declared,
                new LivenessChecker(heal, bound, end).onlyKinds(OpKind.ENQUEUE),
                StillRefusedChecker.offers(heal, bound));
        List<String> described = List.of("producers: " + producers, "consumers: " + consumers,
                "items per producer: " + plan.items(),
                "delivery: " + delivery + ", order: " + (!orderChecked ? "not promised to several consumers"
                        : bestEffortOrder ? order + " (best effort)" : order),
                "processing (if the queue locks items): up to " + Time.formatSeconds(plan.processing()),
                "patience: " + Patience.describe(plan.patience()),
                "liveness bound: " + Time.formatSeconds(bound));
        return new RecipeTrial(swarm, faults, installer, bound + Time.seconds(5), checks, described)
                .onHeal(ensemble -> made.forEach(QueueWorkload::patientFromNow));
    }

    private QueueChecker checker() {
        return switch (delivery) {
            case EXACTLY_ONCE -> QueueChecker.orderedAndDrained();
            case AT_LEAST_ONCE -> QueueChecker.atLeastOnce();
            case AT_MOST_ONCE -> QueueChecker.ordered();
        };
    }
}

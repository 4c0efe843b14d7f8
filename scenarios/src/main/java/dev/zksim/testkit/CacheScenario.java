package dev.zksim.testkit;

import dev.zksim.check.CacheChecker;
import dev.zksim.check.LivenessChecker;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Trial;
import dev.zksim.workload.CacheReader;
import dev.zksim.workload.CacheWriter;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A cache of one directory under test. One writer (c1) makes the directory {@value
 * CacheWriter#DIRECTORY} and creates, changes and deletes a few of its children, one write
 * after another, each with data of its own, so that the same child is deleted and created again
 * (back at version 0) now and then; then it reads the whole directory once a second. Every
 * reader holds a cache of the directory and reports what the cache tells its listener, and
 * what it holds every half second. After {@code Expired} each opens a new session and goes on
 * with the same cache.
 *
 * <p>Checked ({@link CacheChecker}): no cache holds or reports data that was never written to
 * that child, or data older than it showed before (across the reader's sessions too); once the
 * faults heal and the writes stop, both what each reader's listener was told and what its cache
 * holds equal the directory; every write completes within a bound after the heal.
 *
 * <pre>{@code
 * Scenario cache = Testkit.cache("my-cache", (client, events) -> new MyCache(client.zk(), "/dir", events))
 *         .readers(2, 3).writes(10, 20).build();
 * }</pre>
 */
public final class CacheScenario extends ScenarioBuilder<CacheScenario> {
    private static final long SAMPLE = Time.millis(500);

    private final CacheUnderTest.Factory factory;
    private int minReaders = 1;
    private int maxReaders = 3;
    private int minWrites = 6;
    private int maxWrites = 16;
    private int children = 3;
    private long gapMax = Time.millis(300);
    private boolean ephemeral;
    private boolean dataNamesChild;

    CacheScenario(String id, CacheUnderTest.Factory factory) {
        super(id, "Cache " + id + ": every reader's cache and its listener end up equal to the directory");
        this.factory = Objects.requireNonNull(factory, "factory");
        faults(0, 3, Time.seconds(3), Profiles.withoutPausedClients());
    }

    /** How many readers a seed runs, inclusive range. */
    public CacheScenario readers(int min, int max) {
        requireRange("readers", 1, min, max);
        this.minReaders = min;
        this.maxReaders = max;
        return this;
    }

    /** How many writes the writer makes, inclusive range. */
    public CacheScenario writes(int min, int max) {
        requireRange("writes", 1, min, max);
        this.minWrites = min;
        this.maxWrites = max;
        return this;
    }

    /** How many different children the writer uses (k0, k1, ...); fewer means more deleted and made again. */
    public CacheScenario children(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("children: at least 1, not " + count);
        }
        this.children = count;
        return this;
    }

    /**
     * The writer's children are ephemeral, as in a service registry: they also go when the
     * writer's session does, and the writer creates them again with new data.
     */
    public CacheScenario ephemeralChildren() {
        this.ephemeral = true;
        return this;
    }

    /**
     * The writer's data starts with the child's name and a slash ({@code k1/c1-5}), as the
     * records of a registry carry their own id (a service instance's JSON names it): for a
     * cache that reads a child's name from its data, not from its path.
     */
    public CacheScenario dataNamesChild() {
        this.dataNamesChild = true;
        return this;
    }

    /** The writer waits from 20 ms up to this long (microseconds) between writes. */
    public CacheScenario gap(long max) {
        this.gapMax = requireGap(max);
        return this;
    }

    @Override
    protected List<Goal> standardGoals() {
        return ShapeGoals.cache();
    }

    @Override
    protected Trial prepare(Choices knobs) {
        SwarmKnobs swarm = swarm(knobs);
        int readers = knobs.intIn(minReaders, maxReaders);
        CacheWriter.Plan plan = new CacheWriter.Plan(knobs.intIn(minWrites, maxWrites), children, gapMax, ephemeral,
                dataNamesChild);
        long bound = Bounds.afterHeal(swarm, Time.seconds(5) + plan.writes() * plan.gapMax());
        List<String> readerIds = new ArrayList<>();
        for (int i = 0; i < readers; i++) {
            readerIds.add("c" + (i + 2));
        }
        RecipeTrial.Installer installer = (ensemble, history) -> {
            Workloads.add(ensemble, new CacheWriter(plan, new ClientLog(history)));
            for (int i = 0; i < readers; i++) {
                Workloads.add(ensemble, new CacheReader(factory, SAMPLE, new ClientLog(history)));
            }
        };
        RecipeTrial.Checks checks = (heal, end) -> List.of(new CacheChecker(heal, readerIds),
                new LivenessChecker(heal, bound, end).onlyKinds(OpKind.CACHE_WRITE));
        List<String> described = List.of("readers: " + readers, "writes: " + plan.writes(),
                "children: " + plan.children() + (ephemeral ? ", ephemeral" : ""),
                "liveness bound: " + Time.formatSeconds(bound));
        return new RecipeTrial(swarm, faultsFor(swarm), installer, 2 * bound + Time.seconds(5), checks, described);
    }
}

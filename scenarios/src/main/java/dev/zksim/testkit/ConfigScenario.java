package dev.zksim.testkit;

import dev.zksim.check.ConfigurationChecker;
import dev.zksim.check.ConvergenceChecker;
import dev.zksim.check.LivenessChecker;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Trial;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.ConfigWorkload;
import dev.zksim.workload.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A watched configuration (or cached value) under test. One writer (c1) publishes versions
 * 1..n, each a whole configuration; every reader watches and reports what it takes in, and
 * the value it uses is sampled periodically. After {@code Expired} each opens a new session
 * and goes on with the same object.
 *
 * <p>Checked: a reader only ever uses a configuration some writer published in full, and
 * never goes back to an older version (across its sessions too); once the faults heal, every
 * reader converges to the last configuration written; every publication completes within a
 * bound after the heal.
 */
public final class ConfigScenario extends ScenarioBuilder<ConfigScenario> {
    private final ConfigUnderTest.Factory factory;
    private int minReaders = 1;
    private int maxReaders = 4;
    private int minVersions = 2;
    private int maxVersions = 8;
    private long gapMax = Time.millis(300);
    private long sample = Time.millis(500);

    ConfigScenario(String id, ConfigUnderTest.Factory factory) {
        super(id, "Configuration " + id + ": readers never use a partial or older configuration and converge");
        this.factory = Objects.requireNonNull(factory, "factory");
        faults(0, 3, Time.seconds(3), Profiles.withoutPausedClients());
    }

    /** How many readers a seed runs, inclusive range. */
    public ConfigScenario readers(int min, int max) {
        requireRange("readers", 1, min, max);
        this.minReaders = min;
        this.maxReaders = max;
        return this;
    }

    /** How many versions the writer publishes, inclusive range. */
    public ConfigScenario versions(int min, int max) {
        requireRange("versions", 1, min, max);
        this.minVersions = min;
        this.maxVersions = max;
        return this;
    }

    /** The writer waits from 20 ms up to this long (microseconds) between publications. */
    public ConfigScenario gap(long max) {
        this.gapMax = requireGap(max);
        return this;
    }

    @Override
    protected List<Goal> standardGoals() {
        return ShapeGoals.configuration();
    }

    @Override
    protected Trial prepare(Choices knobs) {
        SwarmKnobs swarm = swarm(knobs);
        int readers = knobs.intIn(minReaders, maxReaders);
        int versions = knobs.intIn(minVersions, maxVersions);
        return trial(swarm, readers, new ConfigWorkload.Plan(versions, gapMax, sample), faultsFor(swarm));
    }

    private Trial trial(SwarmKnobs swarm, int readers, ConfigWorkload.Plan plan, FaultProfile faults) {
        long bound = Bounds.afterHeal(swarm, Time.seconds(5) + plan.versions() * plan.gapMax());
        List<String> readerIds = new ArrayList<>();
        for (int i = 0; i < readers; i++) {
            readerIds.add("c" + (i + 2));
        }
        RecipeTrial.Installer installer = (ensemble, history) -> {
            Workloads.add(ensemble, new ConfigWorkload(factory, true, plan, new ClientLog(history)));
            for (int i = 0; i < readers; i++) {
                Workloads.add(ensemble, new ConfigWorkload(factory, false, plan, new ClientLog(history)));
            }
        };
        RecipeTrial.Checks checks = (heal, end) -> List.of(ConfigurationChecker.withoutInitialConfig(),
                new ConvergenceChecker(heal, readerIds),
                new LivenessChecker(heal, bound, end).onlyKinds(OpKind.CONFIG_WRITE));
        List<String> described = List.of("readers: " + readers, "versions: " + plan.versions(),
                "gap: up to " + Time.formatSeconds(plan.gapMax()), "liveness bound: " + Time.formatSeconds(bound));
        return new RecipeTrial(swarm, faults, installer, 2 * bound + Time.seconds(5), checks, described);
    }
}

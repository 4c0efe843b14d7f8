package dev.zksim.catalog;

import dev.zksim.testkit.SwarmKnobs;
import dev.zksim.testkit.Testkit;
import dev.zksim.check.IncrementChecker;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Distribution;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Scenario;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.UnversionedIncrement;
import dev.zksim.workload.Workloads;
import java.util.List;

/**
 * Scenarios whose bugs need one particular interleaving and no fault: the explorer's
 * canaries. Random seeds sample delays uniformly and almost never line up the few extreme
 * delays such a bug needs; depth-first search over small-scope delay buckets and PCT's link
 * priorities reach them directly.
 */
public final class InterleavingScenarios {
    /** When the first client increments. */
    static final long FIRST = Time.millis(50);
    /**
     * How much later the second client increments: just under the slowest the first client's
     * read, reply, write and fsync can take together (3 x 1 ms links plus a 2 ms fsync), so
     * the second read lands before the first write is applied only when every one of those
     * steps is at its slowest and the second read at its fastest.
     */
    static final long STAGGER = 4_800;

    private InterleavingScenarios() {
    }

    public static Scenario unversionedCounterCanary() {
        EnsembleConfig config = EnsembleConfig.defaults(1).withNetworkDelay(new Distribution.Uniform(100, Time.millis(1)));
        return Testkit.custom("canary-unversioned-counter")
                .title("Canary: an unversioned read-modify-write loses an update, only when the delays line up just so")
                .ensemble(new SwarmKnobs(config, "lan"))
                .faults(new FaultProfile(List.of(), 0, 0, 0, 0, Time.millis(100), Time.millis(100)))
                .settle(Time.seconds(1))
                .goals(Goal.completedBy(OpKind.INCREMENT, 2, "both clients incremented"),
                        Goal.contended(OpKind.INCREMENT, "the two increments overlapped"))
                .perSeed((knobs, run) -> run
                        .install((ensemble, history) -> {
                            Workloads.add(ensemble, new UnversionedIncrement(new ClientLog(history), FIRST));
                            Workloads.add(ensemble, new UnversionedIncrement(new ClientLog(history), FIRST + STAGGER));
                        })
                        .check((heal, end) -> new IncrementChecker(OpKind.INCREMENT))
                        .note("clients: 2, incrementing at " + Time.formatSeconds(FIRST) + " and " + Time.formatSeconds(FIRST + STAGGER)))
                .build();
    }
}

package dev.zksim.scenario;

import dev.zksim.check.Checker;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.history.HistoryRecorder;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.server.zab.KnownBug;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * A scenario run with known ZooKeeper bugs re-introduced in every server ({@code run --bug},
 * {@code explore --bug}). Its id is the scenario's followed by "+" and each bug's id, such as
 * {@code lock-standard+ZOOKEEPER-1419}, so that the reproduce line of a run names the bugs and
 * replay, shrink and the diagrams rebuild the same model; {@link ScenarioCatalog#find}
 * resolves such an id. Everything else is the scenario's own: knobs, workload, faults, checks.
 *
 * <pre>{@code
 * Scenario buggy = WithBugs.of(catalog.find("lock-standard"), Set.of(KnownBug.ZK_1419));
 * String id = WithBugs.idOf("lock-standard", List.of(KnownBug.ZK_1419)); // lock-standard+ZOOKEEPER-1419
 * }</pre>
 */
public record WithBugs(Scenario scenario, Set<KnownBug> bugs) implements Scenario {
    /** What separates the scenario's id from each bug's in an id. */
    public static final String SEPARATOR = "+";

    public WithBugs {
        bugs = KnownBug.setOf(bugs);
        if (bugs.isEmpty()) {
            throw new IllegalArgumentException("name at least one bug to re-introduce");
        }
    }

    /** The scenario with these bugs, or the scenario itself for none. */
    public static Scenario of(Scenario scenario, Set<KnownBug> bugs) {
        return bugs.isEmpty() ? scenario : new WithBugs(scenario, bugs);
    }

    /** The id that names a scenario with these bugs: the scenario's own for none. */
    public static String idOf(String scenario, List<KnownBug> bugs) {
        if (bugs.isEmpty()) {
            return scenario;
        }
        return scenario + SEPARATOR + String.join(SEPARATOR, KnownBug.ids(KnownBug.setOf(bugs)));
    }

    /** The scenario id before the first "+": the id without its bugs. */
    static String baseId(String id) {
        int plus = id.indexOf(SEPARATOR);
        return plus < 0 ? id : id.substring(0, plus);
    }

    /** The bugs an id names after its "+"s; an unknown one is a one-line error. */
    static Set<KnownBug> bugsOf(String id) {
        Set<KnownBug> bugs = EnumSet.noneOf(KnownBug.class);
        String[] parts = id.split("\\" + SEPARATOR, -1);
        for (int i = 1; i < parts.length; i++) {
            bugs.add(KnownBug.parse(parts[i]));
        }
        return KnownBug.setOf(bugs);
    }

    @Override
    public String id() {
        return idOf(scenario.id(), List.copyOf(bugs));
    }

    @Override
    public String title() {
        return scenario.title() + " (with " + String.join(", ", KnownBug.ids(bugs)) + ")";
    }

    @Override
    public Trial prepare(Choices knobs) {
        return new BuggyTrial(scenario.prepare(knobs), bugs);
    }

    @Override
    public List<Goal> goals() {
        return scenario.goals();
    }

    @Override
    public List<String> smallScopeKnobs() {
        return scenario.smallScopeKnobs();
    }

    /** The scenario's trial on an ensemble whose servers have the bugs; the rest is delegated. */
    private record BuggyTrial(Trial trial, Set<KnownBug> bugs) implements Trial {
        @Override
        public EnsembleConfig ensemble() {
            Set<KnownBug> all = EnumSet.noneOf(KnownBug.class);
            all.addAll(trial.ensemble().bugs());
            all.addAll(bugs);
            return trial.ensemble().withBugs(all);
        }

        @Override
        public FaultProfile faults() {
            return trial.faults();
        }

        @Override
        public void install(Ensemble ensemble, HistoryRecorder history) {
            trial.install(ensemble, history);
        }

        @Override
        public long settle() {
            return trial.settle();
        }

        @Override
        public void healed(Ensemble ensemble) {
            trial.healed(ensemble);
        }

        @Override
        public List<Checker> checkers(long healTime, long endTime) {
            return trial.checkers(healTime, endTime);
        }

        @Override
        public List<String> knobs() {
            List<String> knobs = new ArrayList<>(trial.knobs());
            knobs.add("bugs: " + String.join(", ", KnownBug.ids(bugs)));
            return knobs;
        }

        @Override
        public void verifyEnd(Ensemble ensemble) {
            trial.verifyEnd(ensemble);
        }
    }
}

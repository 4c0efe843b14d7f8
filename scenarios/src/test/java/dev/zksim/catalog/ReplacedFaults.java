package dev.zksim.catalog;

import dev.zksim.check.Checker;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.history.HistoryRecorder;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultProfile;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.Trial;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A scenario whose fault profile is replaced by a narrower one (everything else, knobs
 * included, as the scenario draws it), so that sweeps can strike chosen fault kinds alone or
 * in pairs. The single-fault sweep, the ensemble soak and the seeds they found share it.
 */
final class ReplacedFaults implements Scenario {
    /** How many instants the single-fault sweep spreads one fault over. */
    static final int INSTANTS = 4;
    private static final List<String> DEFAULT_AIM = List.of("create", "getChildren", "exists", "getData", "setData",
            "delete");

    private final Scenario inner;
    private final UnaryOperator<FaultProfile> replace;

    private ReplacedFaults(Scenario inner, UnaryOperator<FaultProfile> replace) {
        this.inner = inner;
        this.replace = replace;
    }

    /**
     * One fault of one kind at instant i of {@link #INSTANTS}, which lies at i/(INSTANTS-1) of
     * the scenario's own fault window; the target is drawn by the seed.
     */
    static ReplacedFaults single(Scenario inner, FaultKind kind, int instant) {
        return new ReplacedFaults(inner, own -> {
            long at = own.windowStart() + (own.windowEnd() - own.windowStart()) * instant / (INSTANTS - 1);
            return new FaultProfile(List.of(kind), 1, 1, at, at, own.minOutage(), own.maxOutage(), aim(own));
        });
    }

    /** Exactly {@code count} faults, each of a kind drawn from {@code kinds}, anywhere in the scenario's window. */
    static ReplacedFaults mix(Scenario inner, List<FaultKind> kinds, int count) {
        return new ReplacedFaults(inner, own -> new FaultProfile(kinds, count, count, own.windowStart(), own.windowEnd(),
                own.minOutage(), own.maxOutage(), aim(own)));
    }

    private static List<String> aim(FaultProfile own) {
        return own.aimAt().isEmpty() ? DEFAULT_AIM : own.aimAt();
    }

    @Override
    public String id() {
        return inner.id();
    }

    @Override
    public String title() {
        return inner.title();
    }

    @Override
    public Trial prepare(Choices knobs) {
        Trial trial = inner.prepare(knobs);
        FaultProfile faults = replace.apply(trial.faults());
        return new Trial() {
            public EnsembleConfig ensemble() {
                return trial.ensemble();
            }

            public FaultProfile faults() {
                return faults;
            }

            public void install(Ensemble ensemble, HistoryRecorder history) {
                trial.install(ensemble, history);
            }

            public long settle() {
                return trial.settle();
            }

            public List<Checker> checkers(long healTime, long endTime) {
                return trial.checkers(healTime, endTime);
            }

            public List<String> knobs() {
                return trial.knobs();
            }

            public void verifyEnd(Ensemble ensemble) {
                trial.verifyEnd(ensemble);
            }
        };
    }
}

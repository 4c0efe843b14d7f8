package dev.zksim.scenario;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.history.HistoryRecorder;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Which processes a scenario's knobs can create, found by building (not running) its
 * ensemble under extreme knob settings (every draw lowest, every draw highest) and under
 * a number of seeds. A fixed fault plan that names a process none of these created is
 * rejected before any run; one created by some settings only makes the other seeds skip.
 */
public final class ProcessProbe {
    private static final int SEEDS_PROBED = 64;

    private ProcessProbe() {
    }

    /** The server and client ids some knob setting of the scenario creates, sorted. */
    public static List<String> possibleProcesses(ScenarioCatalog catalog, String scenarioId) {
        Scenario scenario = catalog.find(scenarioId);
        TreeSet<String> ids = new TreeSet<>();
        ids.addAll(processes(scenario, new Extreme(false, "")));
        ids.addAll(processes(scenario, new Extreme(true, "")));
        for (long seed = 0; seed < SEEDS_PROBED; seed++) {
            ids.addAll(processes(scenario, new SeededChoices(seed)));
        }
        return new ArrayList<>(ids);
    }

    /**
     * The processes one knob setting creates, or none if building it throws (an extreme
     * setting a scenario does not support): a probe only ever widens what is possible.
     */
    private static List<String> processes(Scenario scenario, Choices choices) {
        try {
            Trial trial = scenario.prepare(choices.stream("knobs"));
            Ensemble ensemble = Ensemble.start(choices, trial.ensemble());
            HistoryRecorder history = HistoryRecorder.attachedTo(ensemble.simulation());
            trial.install(ensemble, history);
            history.runEnded();
            List<String> ids = new ArrayList<>(ensemble.serverIds());
            ids.addAll(ensemble.clientIds());
            return ids;
        } catch (RuntimeException e) {
            return List.of();
        }
    }

    /** Choices that always draw the lowest (or the highest) value, in every stream. */
    private record Extreme(boolean highest, String label) implements Choices {
        @Override
        public long draw(long bound) {
            if (bound <= 0) {
                throw new IllegalArgumentException("bound must be positive: " + bound);
            }
            return highest ? bound - 1 : 0;
        }

        @Override
        public Choices stream(String name) {
            return new Extreme(highest, label.isEmpty() ? name : label + "/" + name);
        }
    }
}

package dev.zksim.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The named scenarios, in the order they were registered; ids are unique. */
public final class ScenarioCatalog {
    private final Map<String, Scenario> scenarios = new LinkedHashMap<>();

    public ScenarioCatalog add(Scenario scenario) {
        if (scenarios.putIfAbsent(scenario.id(), scenario) != null) {
            throw new IllegalArgumentException("duplicate scenario id " + scenario.id());
        }
        return this;
    }

    /** The scenario with this id; an unknown id is a one-line error naming the known ones. */
    public Scenario find(String id) {
        Scenario scenario = scenarios.get(id);
        if (scenario == null) {
            throw new IllegalArgumentException("unknown scenario '" + id + "' (see ./zksim list)");
        }
        return scenario;
    }

    public List<Scenario> all() {
        return new ArrayList<>(scenarios.values());
    }
}

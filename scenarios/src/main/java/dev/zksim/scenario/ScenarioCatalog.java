package dev.zksim.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A named catalogue of scenarios, in the order they were registered; ids are unique. zksim's
 * own catalogue is called {@value #BUILT_IN}; a user's catalogue has a name of its own, which
 * reproduce lines carry ({@code acme/my-lock}), so that a line can say which catalogue must be
 * on the class path to replay it. Catalogues can be merged into one that answers for all of
 * them, as the command line does with every catalogue it discovers.
 */
public final class ScenarioCatalog {
    /** The name of zksim's own catalogue; its scenarios' ids are written without it. */
    public static final String BUILT_IN = "zksim";

    private final String name;
    private final Map<String, Scenario> scenarios = new LinkedHashMap<>();
    private final Map<String, String> origins = new LinkedHashMap<>();

    /** An empty catalogue named {@value #BUILT_IN}. */
    public ScenarioCatalog() {
        this(BUILT_IN);
    }

    /** An empty catalogue with this name: kebab-case, such as "acme-locks". */
    public ScenarioCatalog(String name) {
        if (name == null || !name.matches("[a-z0-9]+([-.][a-z0-9]+)*")) {
            throw new IllegalArgumentException("a catalogue name is kebab-case, such as acme-locks, not '" + name + "'");
        }
        this.name = name;
    }

    public String name() {
        return name;
    }

    public ScenarioCatalog add(Scenario scenario) {
        return add(scenario, name);
    }

    private ScenarioCatalog add(Scenario scenario, String origin) {
        Objects.requireNonNull(scenario, "scenario");
        String existing = origins.get(scenario.id());
        if (existing != null) {
            throw new IllegalArgumentException("scenario id '" + scenario.id() + "' is defined twice"
                    + (existing.equals(origin) ? " in catalogue '" + origin + "'"
                    : ", in catalogues '" + existing + "' and '" + origin + "'"));
        }
        scenarios.put(scenario.id(), scenario);
        origins.put(scenario.id(), origin);
        return this;
    }

    /** Adds every scenario of the other catalogue, remembering which catalogue it came from. */
    public ScenarioCatalog addAll(ScenarioCatalog other) {
        for (Scenario scenario : other.all()) {
            add(scenario, other.origins.get(scenario.id()));
        }
        return this;
    }

    /**
     * The scenario with this id, or with a qualified id "catalogue/id" as reproduce lines
     * write it, with the known bugs that "+ZOOKEEPER-NNNN" suffixes name re-introduced
     * ({@link WithBugs}). An unknown id or bug, or a catalogue that is not here, is a
     * one-line error.
     */
    public Scenario find(String id) {
        return WithBugs.of(findWithoutBugs(WithBugs.baseId(id)), WithBugs.bugsOf(id));
    }

    private Scenario findWithoutBugs(String id) {
        int slash = id.indexOf('/');
        String bare = slash < 0 ? id : id.substring(slash + 1);
        Scenario scenario = scenarios.get(bare);
        if (slash >= 0) {
            String catalogue = id.substring(0, slash);
            if (scenario == null || !origins.get(bare).equals(catalogue)) {
                throw new IllegalArgumentException("scenario '" + id + "' needs catalogue '" + catalogue
                        + "', which is not on the class path (name it with --classpath or ZKSIM_CLASSPATH)");
            }
        }
        if (scenario == null) {
            throw new IllegalArgumentException("unknown scenario '" + id + "' (see ./zksim list)");
        }
        return scenario;
    }

    /** The id as a reproduce line writes it: bare for zksim's own scenarios, "catalogue/id" otherwise. */
    public String qualify(String id) {
        String bare = id.indexOf('/') < 0 ? id : id.substring(id.indexOf('/') + 1);
        find(id);
        String origin = origins.get(WithBugs.baseId(bare));
        return origin.equals(BUILT_IN) ? bare : origin + "/" + bare;
    }

    /** The name of the catalogue the scenario came from. */
    public String catalogueOf(String id) {
        find(id);
        String bare = id.indexOf('/') < 0 ? id : id.substring(id.indexOf('/') + 1);
        return origins.get(WithBugs.baseId(bare));
    }

    public List<Scenario> all() {
        return new ArrayList<>(scenarios.values());
    }
}

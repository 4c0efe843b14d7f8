package dev.zksim.testkit;

import dev.zksim.kernel.choice.Choices;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.Trial;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * A scenario made by one of the testkit's builders ({@link ScenarioBuilder#build}), and only
 * by them: its constructor is not public, so a scenario of this type is known to have come
 * from a builder. Goals declared on it later stay on a scenario of this type.
 */
public final class BuiltScenario implements Scenario {
    private final String id;
    private final String title;
    private final Function<Choices, Trial> preparer;
    private final List<Goal> goals;
    private final List<String> smallScopeKnobs;
    private final IntFunction<List<String>> limits;

    BuiltScenario(String id, String title, Function<Choices, Trial> preparer, List<Goal> goals,
                  List<String> smallScopeKnobs, IntFunction<List<String>> limits) {
        if (!id.matches("[a-z0-9]+(-[a-z0-9]+)*")) {
            throw new IllegalArgumentException("scenario ids are kebab-case, not '" + id + "'");
        }
        if (!title.endsWith(".") && !title.contains(":")) {
            throw new IllegalArgumentException("a title is a sentence such as 'Lock: ...', not '" + title + "'");
        }
        this.id = id;
        this.title = title;
        this.preparer = preparer;
        this.goals = List.copyOf(goals);
        this.smallScopeKnobs = List.copyOf(smallScopeKnobs);
        this.limits = limits;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String title() {
        return title;
    }

    @Override
    public Trial prepare(Choices knobs) {
        return preparer.apply(knobs);
    }

    @Override
    public List<Goal> goals() {
        return goals;
    }

    @Override
    public List<String> smallScopeKnobs() {
        return smallScopeKnobs;
    }

    @Override
    public List<String> unreachableInSmallScope(int faults) {
        return List.copyOf(limits.apply(faults));
    }

    @Override
    public BuiltScenario withGoals(List<Goal> replacement) {
        return new BuiltScenario(id, title, preparer, replacement, smallScopeKnobs, limits);
    }

    @Override
    public String toString() {
        return "scenario " + id;
    }
}

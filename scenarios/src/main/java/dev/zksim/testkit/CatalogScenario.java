package dev.zksim.testkit;

import dev.zksim.kernel.choice.Choices;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.Trial;
import java.util.function.Function;

/**
 * A scenario as a hand-made value: its id, its title sentence and how a seed's knobs prepare a
 * trial. Scenarios should come from the builders of {@link Testkit} instead, which make a
 * {@link BuiltScenario}; this remains only for a built-in scenario that has no builder yet.
 */
public record CatalogScenario(String id, String title, Function<Choices, Trial> preparer) implements Scenario {

    public CatalogScenario {
        if (!id.matches("[a-z0-9]+(-[a-z0-9]+)*")) {
            throw new IllegalArgumentException("scenario ids are kebab-case, not '" + id + "'");
        }
        if (!title.endsWith(".") && !title.contains(":")) {
            throw new IllegalArgumentException("a title is a sentence such as 'Lock: ...', not '" + title + "'");
        }
    }

    @Override
    public Trial prepare(Choices knobs) {
        return preparer.apply(knobs);
    }
}

package dev.zksim.catalog;

import dev.zksim.scenario.ScenarioCatalog;
import java.util.List;

/** The standard catalogue of named scenarios that the command line and the tests use. */
public final class Catalog {

    private Catalog() {
    }

    public static ScenarioCatalog standard() {
        return new ScenarioCatalog()
                .add(new RandomOpsScenario(List.of(1, 3, 5)));
    }
}

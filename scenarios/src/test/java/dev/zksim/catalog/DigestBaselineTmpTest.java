package dev.zksim.catalog;

import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.RunSpec;
import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.scenario.ScenarioCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DigestBaselineTmpTest {
    @Test
    void dump() throws Exception {
        String out = System.getProperty("baseline.out");
        if (out == null) {
            return;
        }
        int seeds = Integer.getInteger("baseline.seeds", 6);
        ScenarioCatalog catalog = Catalog.standard();
        List<String> lines = new ArrayList<>();
        for (Scenario s : catalog.all()) {
            lines.add("SCENARIO " + s.id() + " | " + s.title());
            s.goals().forEach(g -> lines.add("  goal " + g.name()));
        }
        String pins = System.getProperty("baseline.pins", "");
        if (!pins.isEmpty()) {
            for (String pin : pins.split(",")) {
                String[] parts = pin.split(":");
                RunOutcome o = new ScenarioRunner(catalog).run(RunSpec.of(parts[0], Long.parseLong(parts[1])));
                lines.add(parts[0] + " " + parts[1] + " " + o.digest() + " " + o.failed());
            }
            Files.write(Path.of(out), lines);
            return;
        }
        String only = System.getProperty("baseline.ids", "");
        for (Scenario s : catalog.all()) {
            if (!only.isEmpty() && !List.of(only.split(",")).contains(s.id())) {
                continue;
            }
            for (long seed = 1; seed <= seeds; seed++) {
                RunOutcome o = new ScenarioRunner(catalog).run(RunSpec.of(s.id(), seed));
                lines.add(s.id() + " " + seed + " " + o.digest() + " " + o.failed() + " " + o.knobs());
            }
        }
        Files.write(Path.of(out), lines);
    }
}

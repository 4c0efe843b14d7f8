package dev.zksim.cli;

import dev.zksim.scenario.Scenario;
import dev.zksim.scenario.ScenarioCatalog;
import java.util.Locale;
import picocli.CommandLine.Command;

/** {@code zksim list}: the catalogue's scenarios, one per line. */
@Command(name = "list", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = "List the named scenarios.")
final class ListCommand implements Runnable {
    @Override
    public void run() {
        ScenarioCatalog catalog = UserClasspath.catalog();
        for (Scenario scenario : catalog.all()) {
            // A user's scenario is listed as reproduce lines name it: with its catalogue.
            System.out.printf(Locale.ROOT, "%-32s %s%n", catalog.qualify(scenario.id()), scenario.title());
        }
    }
}

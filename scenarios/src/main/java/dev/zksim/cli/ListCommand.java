package dev.zksim.cli;

import dev.zksim.catalog.Catalog;
import dev.zksim.scenario.Scenario;
import java.util.Locale;
import picocli.CommandLine.Command;

/** {@code zksim list}: the catalogue's scenarios, one per line. */
@Command(name = "list", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = "List the named scenarios.")
final class ListCommand implements Runnable {
    @Override
    public void run() {
        for (Scenario scenario : Catalog.standard().all()) {
            System.out.printf(Locale.ROOT, "%-32s %s%n", scenario.id(), scenario.title());
        }
    }
}

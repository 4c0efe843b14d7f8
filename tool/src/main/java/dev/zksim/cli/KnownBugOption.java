package dev.zksim.cli;

import dev.zksim.scenario.WithBugs;
import dev.zksim.server.zab.KnownBug;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code --bug ZOOKEEPER-NNNN} option of {@code run} and {@code explore}: the bugs become
 * part of the scenario id ({@link WithBugs}), so that reproduce lines carry them.
 */
final class KnownBugOption {
    private KnownBugOption() {
    }

    /** The scenario id with these bugs appended; an unknown or unimplemented bug is a one-line error. */
    static String scenarioWith(String scenario, List<String> bugs) {
        List<KnownBug> parsed = new ArrayList<>();
        for (String bug : bugs) {
            parsed.add(KnownBug.parse(bug));
        }
        return WithBugs.idOf(scenario, parsed);
    }
}

package dev.zksim.recipes.canary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.ensemble.Fidelity;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The canary of the drawn deletion order of a closed session's ephemerals: member c1 holds
 * six nodes, member c2 one; c1's session expires and the group view reports the survivors
 * when it sees c1's highest node go. In path order the report is exactly c2's node; in a
 * drawn order the first report still lists some of c1's nodes, for some seed of a few.
 */
class EphemeralOrderCanaryTest {

    private static List<String> survivorsReported(long seed, boolean drawn) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(seed),
                EnsembleConfig.defaults(1).withFidelity(Fidelity.FAITHFUL.withDrawnOrders(drawn)));
        ensemble.addClient((ctx, zk) -> {
            zk.create("/g", null, CreateMode.PERSISTENT);
            for (int i = 0; i < 6; i++) {
                zk.create("/g/c1-", null, CreateMode.EPHEMERAL_SEQUENTIAL);
            }
        });
        ensemble.runFor(Time.seconds(1));
        ensemble.addClient((ctx, zk) -> zk.create("/g/c2-", null, CreateMode.EPHEMERAL_SEQUENTIAL));
        ensemble.runFor(Time.seconds(1));
        List<HighestLastGroupView> views = new ArrayList<>();
        ensemble.addClient((ctx, zk) -> {
            HighestLastGroupView view = new HighestLastGroupView(zk, "/g");
            views.add(view);
            view.start();
        });
        ensemble.runFor(Time.seconds(1));
        assertThat(ensemble.faults().expireSession("c1")).isTrue();
        ensemble.runFor(Time.seconds(2));
        List<List<String>> departures = views.getFirst().departures();
        assertThat(departures).isNotEmpty();
        if (!drawn) {
            assertThat(departures).as("in path order the highest node goes last, once").hasSize(1);
        }
        return departures.getFirst();
    }

    @ParameterizedTest(name = "drawn deletion order: {0}")
    @ValueSource(booleans = {false, true})
    void onlyTheDrawnOrderMakesTheViewReportADepartedMember(boolean drawn) {
        List<List<String>> reports = new ArrayList<>();
        for (long seed = 1; seed <= 4; seed++) {
            reports.add(survivorsReported(seed, drawn));
        }
        boolean stale = reports.stream().anyMatch(report -> report.stream().anyMatch(node -> node.startsWith("c1-")));
        assertThat(stale).as(reports.toString()).isEqualTo(drawn);
        assertThat(reports).allSatisfy(report -> assertThat(report).anyMatch(node -> node.startsWith("c2-")));
    }
}

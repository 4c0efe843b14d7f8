package dev.zksim.recipes.naming;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Clients allocate names concurrently, some replies lost: names are unique and none is orphaned. */
class NameServiceSimulationTest {
    private static final int CLIENTS = 4;
    private static final int EACH = 10;

    private final List<UniqueName> names = new ArrayList<>();

    private void allocate(NameService service, int left) {
        if (left > 0) {
            service.allocate(null).thenAccept(name -> {
                names.add(name);
                allocate(service, left - 1);
            });
        }
    }

    @Test
    void namesAreUniqueAndALostReplyDoesNotAllocateTwice() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(12), EnsembleConfig.defaults(1));
        for (int c = 0; c < CLIENTS; c++) {
            ensemble.addClient((ctx, zk) -> allocate(new NameService(zk, "/names", ctx.id()), EACH));
        }
        ensemble.runFor(Time.millis(150));
        for (int step = 0; step < 12; step++) {
            ensemble.faults().dropReply("c" + (1 + step % CLIENTS));
            ensemble.runFor(Time.millis(60));
        }
        ensemble.runFor(Time.seconds(8));
        assertThat(names).hasSize(CLIENTS * EACH);
        assertThat(names.stream().map(UniqueName::sequence).toList()).doesNotHaveDuplicates();
        List<String> children = new ArrayList<>();
        // A fresh client lists: an armed but unused lost reply may still wait for c1..c4.
        ensemble.addClient((ctx, zk) -> zk.getChildren("/names", false).thenAccept(children::addAll));
        ensemble.runFor(Time.seconds(1));
        assertThat(children).as("no orphan from a repeated create").hasSize(CLIENTS * EACH);
    }
}

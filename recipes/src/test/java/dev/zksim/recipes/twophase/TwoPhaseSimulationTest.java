package dev.zksim.recipes.twophase;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.recipes.twophase.TwoPhaseDecision.Outcome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Agreement (every site learns the coordinator's decision) and validity (commit only if all said yes). */
class TwoPhaseSimulationTest {
    private static final String TX = "/tx";
    private static final List<String> SITES = List.of("c2", "c3", "c4");

    private final Map<String, Outcome> learned = new LinkedHashMap<>();

    private Ensemble run(long seed, Map<String, Boolean> votes, boolean watchAll) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(seed), EnsembleConfig.defaults(1));
        ensemble.addClient((ctx, zk) -> {
            TwoPhaseCoordinator coordinator = new TwoPhaseCoordinator(zk, TX, SITES);
            coordinator.start().thenAccept(outcome -> learned.put("coordinator", outcome));
            ctx.schedule(Time.seconds(20), coordinator::timeOut);
        });
        for (String site : SITES) {
            ensemble.addClient((ctx, zk) -> ctx.schedule(Time.millis(300 + 100L * SITES.indexOf(site)), () -> {
                if (votes.containsKey(site)) {
                    new TwoPhaseSite(zk, TX, site, watchAll).vote(votes.get(site))
                            .thenAccept(outcome -> learned.put(site, outcome));
                }
            }));
        }
        return ensemble;
    }

    private void assertAgreement(Outcome expected, List<String> learners) {
        assertThat(learned.get("coordinator")).isEqualTo(expected);
        learners.forEach(site -> assertThat(learned.get(site)).as(site).isEqualTo(expected));
    }

    @Test
    void allYesCommitsAndOneNoAbortsInBothVariants() {
        for (boolean watchAll : List.of(true, false)) {
            learned.clear();
            run(1, Map.of("c2", true, "c3", true, "c4", true), watchAll).runFor(Time.seconds(3));
            assertAgreement(Outcome.COMMIT, SITES);
            learned.clear();
            run(2, Map.of("c2", true, "c3", false, "c4", true), watchAll).runFor(Time.seconds(3));
            assertAgreement(Outcome.ABORT, SITES);
        }
    }

    @Test
    void aSiteWhoseSessionDiesBeforeVotingAbortsTheTransaction() {
        learned.clear();
        Ensemble ensemble = run(3, Map.of("c2", true, "c4", true), false);
        ensemble.addClient((ctx, zk) -> ctx.schedule(Time.millis(350), () ->
                zk.create(TX + "/alive-c3", null, dev.zksim.api.CreateMode.EPHEMERAL)));
        ensemble.runFor(Time.seconds(1));
        assertThat(learned).isEmpty();
        assertThat(ensemble.faults().expireSession("c5")).isTrue();
        ensemble.runFor(Time.seconds(2));
        assertAgreement(Outcome.ABORT, List.of("c2", "c4"));
    }

    @Test
    void aSiteThatNeverVotesAbortsOnTimeoutAndLostRepliesDoNotBreakAgreement() {
        learned.clear();
        Ensemble ensemble = run(4, Map.of("c2", true, "c3", true), false);
        ensemble.runFor(Time.millis(340));
        ensemble.faults().dropReply("c2");
        ensemble.faults().dropReply("c3");
        ensemble.runFor(Time.seconds(5));
        assertThat(learned).as("undecided until the timeout").isEmpty();
        ensemble.runFor(Time.seconds(20));
        assertAgreement(Outcome.ABORT, List.of("c2", "c3"));
    }

    @Test
    void lostRepliesOnVotesStillCommit() {
        learned.clear();
        Ensemble ensemble = run(6, Map.of("c2", true, "c3", true, "c4", true), true);
        ensemble.runFor(Time.millis(290));
        SITES.forEach(site -> ensemble.faults().dropReply(site));
        ensemble.runFor(Time.seconds(6));
        assertAgreement(Outcome.COMMIT, SITES);
    }
}

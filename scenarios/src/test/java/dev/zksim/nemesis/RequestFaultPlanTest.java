package dev.zksim.nemesis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.api.CreateMode;
import dev.zksim.api.KeeperException;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.client.RequestMatch;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleClient;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The request faults in the plan language, the generator and the nemesis. */
class RequestFaultPlanTest {

    @Test
    void requestFaultsPrintTextThatParsesBackToItself() {
        String text = "at 1s lose-request c1; at 2s lose-request c2 on create /lock; at 3s drop-reply c1 on getChildren; "
                + "at 4s drop-reply c2 on multi /queue/; at 5s drop-reply c1";
        FaultPlan plan = FaultPlan.parse(text);
        assertThat(plan.toString()).isEqualTo(text);
        assertThat(plan.steps().get(1).fault())
                .isEqualTo(new Fault.LoseRequest(new Target.Named("c2"), new RequestMatch("create", "/lock")));
        assertThat(plan.steps().get(4).fault()).isEqualTo(new Fault.DropReply(new Target.Named("c1")));
    }

    @Test
    void aPlanStepAimsAtTheNthMatchingRequest() {
        String text = "at 1s drop-reply c1 on delete /lock #2; at 2s lose-request c2 #3";
        FaultPlan plan = FaultPlan.parse(text);
        assertThat(plan.toString()).isEqualTo(text);
        assertThat(plan.steps().get(0).fault())
                .isEqualTo(new Fault.DropReply(new Target.Named("c1"), new RequestMatch("delete", "/lock", 2)));
        assertThat(plan.steps().get(1).fault()).isEqualTo(new Fault.LoseRequest(new Target.Named("c2"), RequestMatch.ANY.nth(3)));
        assertThatThrownBy(() -> FaultPlan.parse("at 1s drop-reply c1 on delete /lock #0")).hasMessageContaining("#N");
        assertThatThrownBy(() -> FaultPlan.parse("at 1s drop-reply c1 #x")).hasMessageContaining("#N");
    }

    @Test
    void requestLossIsAPercentageThatPrintsAsItParses() {
        FaultPlan plan = FaultPlan.parse("at 1s request-loss 1.25%; at 3s heal");
        assertThat(plan.steps().getFirst().fault()).isEqualTo(new Fault.RequestLoss(12_500));
        assertThat(plan.toString()).isEqualTo("at 1s request-loss 1.25%; at 3s heal");
        assertThatThrownBy(() -> FaultPlan.parse("at 1s request-loss 2")).hasMessageContaining("request-loss P%");
        assertThatThrownBy(() -> FaultPlan.parse("at 1s request-loss 0%")).hasMessageContaining("above 0%");
    }

    @Test
    void theRequestLossProfileHealsWhatItStarts() {
        FaultProfile profile = new FaultProfile(List.of(FaultKind.REQUEST_LOSS), 2, 2, 0, Time.seconds(5), Time.millis(100),
                Time.seconds(1));
        for (long seed = 1; seed <= 5; seed++) {
            FaultPlan plan = FaultPlanGenerator.generate(new SeededChoices(seed), profile, List.of("s1"), List.of("c1"));
            assertThat(plan.steps()).hasSize(4);
            assertThat(plan.toString()).contains("request-loss").contains("heal");
            assertThat(FaultPlan.parse(plan.toString())).isEqualTo(plan);
        }
    }

    @Test
    void verbsAndOperationsAreCaseInsensitiveButThePathPrefixIsExact() {
        FaultPlan plan = FaultPlan.parse("AT 1s Lose-Request C1 ON CREATE /Lock");
        assertThat(plan.steps().getFirst().fault())
                .isEqualTo(new Fault.LoseRequest(new Target.Named("c1"), new RequestMatch("create", "/Lock")));
    }

    @Test
    void badRequestFaultsAreOneLineErrors() {
        assertThatThrownBy(() -> FaultPlan.parse("at 1s lose-request s1")).hasMessageContaining("takes a client");
        assertThatThrownBy(() -> FaultPlan.parse("at 1s lose-request c1 on remove"))
                .hasMessageContaining("unknown operation 'remove'");
        assertThatThrownBy(() -> FaultPlan.parse("at 1s drop-reply c1 on create lock")).hasMessageContaining("starts with '/'");
        assertThatThrownBy(() -> FaultPlan.parse("at 1s drop-reply c1 on create /a /b"))
                .hasMessageContaining("expected 'drop-reply CLIENT on OP [PATH-PREFIX] [#N]'");
    }

    @Test
    void theGeneratorAimsRequestFaultsAtTheProfilesOperations() {
        FaultProfile profile = new FaultProfile(List.of(FaultKind.LOSE_REQUEST, FaultKind.DROP_REPLY), 6, 6, 0,
                Time.seconds(5), Time.millis(100), Time.seconds(1)).aimedAt(List.of("create", "delete"));
        List<String> aims = new ArrayList<>();
        for (long seed = 1; seed <= 10; seed++) {
            FaultPlan plan = FaultPlanGenerator.generate(new SeededChoices(seed), profile, List.of("s1"), List.of("c1", "c2"));
            assertThat(FaultPlan.parse(plan.toString())).isEqualTo(plan);
            for (FaultPlan.Step step : plan.steps()) {
                RequestMatch aim = switch (step.fault()) {
                    case Fault.LoseRequest lose -> lose.aim();
                    case Fault.DropReply drop -> drop.aim();
                    default -> throw new AssertionError("unexpected fault " + step.fault());
                };
                aims.add(aim.operation());
            }
        }
        assertThat(aims).containsOnly("create", "delete").contains("create", "delete");
    }

    @Test
    void lostRequestsAreGeneratedOnlyWhereTheProfileAimsThem() {
        List<FaultKind> kinds = List.of(FaultKind.LOSE_REQUEST, FaultKind.EXPIRE_SESSION);
        FaultProfile unaimed = new FaultProfile(kinds, 5, 5, 0, Time.seconds(5), Time.millis(100), Time.seconds(1));
        for (long seed = 1; seed <= 5; seed++) {
            assertThat(FaultPlanGenerator.generate(new SeededChoices(seed), unaimed, List.of("s1"), List.of("c1")).toString())
                    .doesNotContain("lose-request");
            FaultProfile withoutLost = new FaultProfile(List.of(FaultKind.EXPIRE_SESSION), 5, 5, 0, Time.seconds(5),
                    Time.millis(100), Time.seconds(1));
            assertThat(FaultPlanGenerator.generate(new SeededChoices(seed), unaimed, List.of("s1"), List.of("c1")))
                    .as("the same plan as a profile without the kind")
                    .isEqualTo(FaultPlanGenerator.generate(new SeededChoices(seed), withoutLost, List.of("s1"), List.of("c1")));
        }
    }

    @Test
    void aProfileWithoutAimsDrawsExactlyAsBefore() {
        FaultProfile plain = new FaultProfile(List.of(FaultKind.DROP_REPLY, FaultKind.CRASH_SERVER), 3, 3, 0,
                Time.seconds(5), Time.millis(100), Time.seconds(1));
        FaultPlan plan = FaultPlanGenerator.generate(new SeededChoices(9), plain, List.of("s1"), List.of("c1"));
        assertThat(plan.toString()).doesNotContain(" on ");
        assertThat(plain.aimAt()).isEmpty();
        assertThatThrownBy(() -> plain.aimedAt(List.of("read"))).hasMessageContaining("unknown operation 'read'");
    }

    @Test
    void theNemesisLosesTheAimedRequestAndTheClientSeesConnectionLoss() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(5), EnsembleConfig.defaults(1));
        EnsembleClient client = ensemble.addClient((context, zk) -> { });
        Nemesis.schedule(FaultPlan.parse("at 1s lose-request c1 on create /x; at 1s drop-reply c1 on create /y"), ensemble);
        ensemble.runFor(Time.seconds(2));
        ZooKeeperClient zk = client.zk();
        CompletableFuture<String> lost = zk.create("/x", null, CreateMode.PERSISTENT).toCompletableFuture();
        ensemble.runFor(Time.seconds(5));
        CompletableFuture<String> dropped = zk.create("/y", null, CreateMode.PERSISTENT).toCompletableFuture();
        ensemble.runFor(Time.seconds(5));
        assertThat(codeOf(lost)).isEqualTo(KeeperException.Code.CONNECTIONLOSS);
        assertThat(codeOf(dropped)).isEqualTo(KeeperException.Code.CONNECTIONLOSS);
        CompletableFuture<?> x = zk.exists("/x", false).toCompletableFuture();
        CompletableFuture<?> y = zk.exists("/y", false).toCompletableFuture();
        ensemble.runFor(Time.seconds(1));
        assertThat(x.join()).as("the lost create was not applied").isNull();
        assertThat(y.join()).as("the create whose reply was lost was applied").isNotNull();
    }

    private static KeeperException.Code codeOf(CompletableFuture<?> future) {
        assertThat(future).isCompletedExceptionally();
        return future.handle((value, error) -> {
            Throwable cause = error.getCause() != null ? error.getCause() : error;
            return ((KeeperException) cause).code();
        }).join();
    }
}

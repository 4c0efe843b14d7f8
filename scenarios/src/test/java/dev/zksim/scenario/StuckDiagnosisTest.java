package dev.zksim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.check.LivenessChecker;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.Time;
import dev.zksim.testkit.Testkit;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** A liveness failure names the stuck client, what it waits on, and who owns that node. */
class StuckDiagnosisTest {
    private static final OpKind WAIT = OpKind.of("WAIT");

    /** c1 holds an ephemeral gate for ever; c2 waits for the gate to go. */
    private static final ScenarioCatalog CATALOG = new ScenarioCatalog("stuck").add(Testkit.custom("gate")
            .servers(1).noFaults().settle(Time.seconds(10))
            .clients(1, () -> session -> session.zk().create("/gate", new byte[0], CreateMode.EPHEMERAL))
            .clients(1, () -> session -> session.after(Time.millis(500), () -> {
                CompletableFuture<Void> gone = new CompletableFuture<>();
                session.zk().exists("/gate", event -> gone.complete(null));
                session.record(WAIT, Value.NONE, gone, ok -> Value.NONE, ok -> { });
            }))
            .check((heal, end) -> new LivenessChecker(heal, Time.seconds(5), end).onlyKinds(WAIT))
            .build());

    /** c1 holds an ephemeral lease and leaves a persistent one behind; c2 waits for the lease folder to change. */
    private static final ScenarioCatalog LEASES = new ScenarioCatalog("stuck-leases").add(Testkit.custom("leases")
            .servers(1).noFaults().settle(Time.seconds(10))
            .clients(1, () -> session -> session.zk().create("/sem", new byte[0], CreateMode.PERSISTENT)
                    .thenCompose(ok -> session.zk().create("/sem/lease-a", new byte[0], CreateMode.EPHEMERAL))
                    .thenCompose(ok -> session.zk().create("/sem/lease-b", new byte[0], CreateMode.PERSISTENT)))
            .clients(1, () -> session -> session.after(Time.millis(500), () -> {
                CompletableFuture<Void> changed = new CompletableFuture<>();
                session.zk().getChildren("/sem", event -> changed.complete(null));
                session.record(WAIT, Value.NONE, changed, ok -> Value.NONE, ok -> { });
            }))
            .check((heal, end) -> new LivenessChecker(heal, Time.seconds(5), end).onlyKinds(WAIT))
            .build());

    @Test
    void aWaiterOnChildrenHearsWhoHoldsEachChild() {
        RunOutcome outcome = new ScenarioRunner(LEASES).run(RunSpec.of("leases", 1));
        assertThat(outcome.failureKind()).contains(FailureKind.LIVENESS_TIMEOUT);
        assertThat(outcome.failure().orElseThrow().getMessage())
                .containsPattern("c2 \\(session 0x[0-9a-f]+, connected to s1\\) watches children of /sem: "
                        + "lease-a \\(ephemeral of session 0x[0-9a-f]+ of c1, which is live\\), lease-b; unmarked ones are"
                        + " persistent");
    }

    @Test
    void theStuckClientItsWatchAndTheOwnerOfTheNodeAreNamed() {
        RunOutcome outcome = new ScenarioRunner(CATALOG).run(RunSpec.of("gate", 1));
        assertThat(outcome.failureKind()).contains(FailureKind.LIVENESS_TIMEOUT);
        String message = outcome.failure().orElseThrow().getMessage();
        assertThat(message).contains("c2 WAIT invoked")
                .containsPattern("waiting: c2 \\(session 0x[0-9a-f]+, connected to s1\\) watches /gate "
                        + "\\(awaiting change or deletion; ephemeral of session 0x[0-9a-f]+ of c1, which is live\\)");
    }
}

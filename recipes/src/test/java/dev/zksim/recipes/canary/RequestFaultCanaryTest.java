package dev.zksim.recipes.canary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.client.RequestMatch;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.recipes.lock.ExclusiveLock;
import dev.zksim.recipes.lock.Grant;
import dev.zksim.recipes.support.HolderState;
import dev.zksim.recipes.testing.HoldTracker;
import dev.zksim.recipes.testing.LockClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The canaries of the two request faults, against the correct lock. c1 holds the lock; c2's
 * create is hit by one fault; c1 releases. A lock that guesses the outcome of a create that
 * failed with ConnectionLoss is right for one fault and stuck for the other, and only the
 * fault that contradicts its guess exposes it; the correct lock (protected create) gets the
 * lock after either.
 */
class RequestFaultCanaryTest {
    private static final String DIR = "/locks";

    private final HoldTracker tracker = new HoldTracker();
    private final List<LockClient> clients = new ArrayList<>();
    private Ensemble ensemble;

    private static LockClient.Factory factory(String lock) {
        return switch (lock) {
            case "exclusive" -> (zk, states, guid, listener) -> new ExclusiveLock(zk, states, DIR, guid, listener);
            case "forgetful" -> (zk, states, guid, listener) -> new ForgetfulCreateLock(zk, states, DIR, guid, listener);
            case "trusting" -> (zk, states, guid, listener) -> new TrustingCreateLock(zk, states, DIR, guid, listener);
            default -> throw new IllegalArgumentException(lock);
        };
    }

    private <T> T await(CompletionStage<T> stage) {
        ensemble.runFor(Time.millis(500));
        CompletableFuture<T> future = stage.toCompletableFuture();
        assertThat(future).isDone();
        return future.join();
    }

    @ParameterizedTest(name = "{0} lock, {1}: second client granted = {2}")
    @CsvSource({
        "exclusive, lose-request, true",
        "exclusive, drop-reply, true",
        "forgetful, lose-request, true",
        "forgetful, drop-reply, false",
        "trusting, lose-request, false",
        "trusting, drop-reply, true",
    })
    void onlyTheFaultThatContradictsTheGuessExposesTheCanary(String lock, String fault, boolean granted) {
        ensemble = Ensemble.start(new SeededChoices(11), EnsembleConfig.defaults(3));
        for (int i = 0; i < 2; i++) {
            LockClient client = new LockClient(factory(lock), tracker, false, 0, 0, 0, 0);
            clients.add(client);
            ensemble.addClient(client);
        }
        ensemble.runFor(Time.seconds(8));
        await(clients.getFirst().zk().create(DIR, null, CreateMode.PERSISTENT));
        await(clients.get(0).lock().acquire());
        RequestMatch create = new RequestMatch("create", DIR + "/");
        boolean armed = fault.equals("lose-request") ? ensemble.faults().loseRequest("c2", create)
                : ensemble.faults().dropReply("c2", create);
        assertThat(armed).isTrue();
        CompletionStage<Grant> second = clients.get(1).lock().acquire();
        ensemble.runFor(Time.seconds(5));
        await(clients.get(0).lock().release());
        ensemble.runFor(Time.seconds(20));
        assertThat(second.toCompletableFuture().isDone()).isEqualTo(granted);
        assertThat(clients.get(1).lock().state()).isEqualTo(granted ? HolderState.HELD : HolderState.WAITING);
        List<String> children = await(clients.get(0).zk().getChildren(DIR, false));
        if (lock.equals("forgetful") && !granted) {
            assertThat(children).as("the orphan of the lost reply and the second create").hasSize(2);
        }
        if (lock.equals("trusting") && !granted) {
            assertThat(children).as("the lost create never reached a server").isEmpty();
        }
        assertThat(tracker.violations()).isEmpty();
    }
}

package dev.zksim.official.testkit;

import dev.zksim.kernel.SuppressForbidden;
import dev.zksim.testkit.ElectionUnderTest;
import dev.zksim.testkit.HolderEvents;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The testkit's election contract over an {@link OfficialElection}: start and stop each run
 * the user's call on a simulated thread, one after the other. A stop that returns is reported
 * as the candidate's withdrawal ({@code released}); a start that throws leaves no candidacy
 * behind, which is reported as lost.
 */
@SuppressForbidden("joins the simulated threads it starts, which the simulation schedules")
final class OfficialElectionAdapter implements ElectionUnderTest {
    private final SimulatedClient client;
    private final OfficialElection election;
    private final HolderEvents events;
    private Thread last;

    OfficialElectionAdapter(SimulatedClient client, OfficialElection election, HolderEvents events) {
        this.client = client;
        this.election = election;
        this.events = events;
    }

    @Override
    public void start() {
        Thread before = last;
        last = client.start("start", () -> {
            try {
                awaitEnd(before);
                election.start();
            } catch (InterruptedException e) {
                // The run is over or the process crashed: the thread ends, as it would.
            } catch (Exception e) {
                events.lost();
            }
        });
    }

    @Override
    public CompletionStage<Void> stop() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread before = last;
        last = client.start("stop", () -> {
            try {
                awaitEnd(before);
                election.stop();
                events.released();
                done.complete(null);
            } catch (Exception | Error e) {
                done.completeExceptionally(e);
            }
        });
        return done;
    }

    private static void awaitEnd(Thread thread) throws InterruptedException {
        if (thread != null) {
            thread.join();
        }
    }
}

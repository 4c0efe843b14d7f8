package dev.zksim.official.testkit;

import dev.zksim.testkit.ElectionUnderTest;
import dev.zksim.testkit.HolderEvents;
import java.util.concurrent.CompletionStage;

/**
 * The testkit's election contract over an {@link OfficialElection}: start and stop each run
 * the user's call on a simulated thread, one after the other. A stop that returns is reported
 * as the candidate's withdrawal ({@code released}); a start that throws leaves no candidacy
 * behind, which is reported as lost (unless it was interrupted because the run is over or the
 * process crashed).
 */
final class OfficialElectionAdapter implements ElectionUnderTest {
    private final CallChain calls;
    private final OfficialElection election;
    private final HolderEvents events;

    OfficialElectionAdapter(SimulatedClient client, OfficialElection election, HolderEvents events) {
        this.calls = new CallChain(client);
        this.election = election;
        this.events = events;
    }

    @Override
    public void start() {
        calls.then("start", () -> {
            election.start();
            return null;
        }).exceptionally(failure -> {
            if (!(failure instanceof InterruptedException)) {
                events.lost();
            }
            return null;
        });
    }

    @Override
    public CompletionStage<Void> stop() {
        return calls.then("stop", () -> {
            election.stop();
            events.released();
            return null;
        });
    }
}

package dev.zksim.testkit;

import dev.zksim.api.Stat;
import java.util.concurrent.CompletionStage;

/**
 * The contract of a controller: a leader election (see {@link ElectionUnderTest}) whose
 * leader also writes a shared state znode while it leads, as a Kafka or Helix controller
 * does. One instance is one candidate. The testkit asks for a write only while the candidate
 * has reported {@code held} and not since {@code suspended}, {@code lost} or a withdrawal;
 * how the write is done is the controller's: a plain {@code setData}, or a {@code multi}
 * that first checks the version of the leader's own node or of an epoch node (fencing).
 */
public interface ControllerUnderTest extends ElectionUnderTest {

    /**
     * Writes the state to the znode at {@code path} (which exists) as the leader that was
     * asked. The controller may retry as it sees fit: whatever it finally gets accepted counts
     * as a write of the term in which it was asked for.
     *
     * @return completes with the znode's Stat after the write once the servers accepted it,
     *     and exceptionally once the write was refused (a fencing check failed) or given up
     */
    CompletionStage<Stat> writeState(String path, byte[] state);

    /** Builds one candidate on a client; the events are how it reports. */
    @FunctionalInterface
    interface Factory {
        ControllerUnderTest create(TestClient client, HolderEvents events);
    }
}

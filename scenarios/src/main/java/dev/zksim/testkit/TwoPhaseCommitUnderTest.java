package dev.zksim.testkit;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The contract of a two-phase commit under test: a coordinator that starts a transaction
 * among named sites and decides, and the sites that vote and learn the decision. The
 * transaction lives under a path the scenario names; the coordinator creates it, and a site
 * is built only once the transaction's node exists.
 */
public interface TwoPhaseCommitUnderTest {

    /** What a transaction ends with. */
    enum Decision {
        COMMIT,
        ABORT
    }

    /** The coordinator of one transaction. */
    interface Coordinator {

        /** Starts the transaction; completes with the decision once it is written. */
        CompletionStage<Decision> start();

        /** The caller's timer fired: the coordinator aborts unless it has decided already. */
        void timeOut();
    }

    /** One site of the transaction. */
    interface Site {

        /** Votes once and completes with the decision the site learns. */
        CompletionStage<Decision> vote(boolean yes);
    }

    /** Builds the coordinator of the transaction at {@code transaction} among {@code sites} (client ids). */
    @FunctionalInterface
    interface CoordinatorFactory {
        Coordinator create(TestClient client, String transaction, List<String> sites);
    }

    /** Builds the site of the transaction at {@code transaction} whose name is the client's id. */
    @FunctionalInterface
    interface SiteFactory {
        Site create(TestClient client, String transaction);
    }
}

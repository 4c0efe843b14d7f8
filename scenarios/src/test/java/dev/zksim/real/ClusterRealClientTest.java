package dev.zksim.real;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The client contract against a real quorum of three servers. */
class ClusterRealClientTest extends RealClientContract {
    private static RealEnsemble ensemble;

    @BeforeAll
    static void start() throws Exception {
        ensemble = RealEnsemble.cluster(3);
    }

    @AfterAll
    static void stop() throws Exception {
        ensemble.close();
    }

    @Override
    RealEnsemble ensemble() {
        return ensemble;
    }
}

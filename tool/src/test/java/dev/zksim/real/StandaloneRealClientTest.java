package dev.zksim.real;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The client contract against one real standalone server. */
class StandaloneRealClientTest extends RealClientContract {
    private static RealEnsemble ensemble;

    @BeforeAll
    static void start() throws Exception {
        ensemble = RealEnsemble.standalone();
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

package dev.zksim.testkit;

import java.util.concurrent.CompletionStage;

/**
 * The contract of a naming service under test: one instance is one caller's handle on the
 * service, which hands out names no other caller is ever given (such as the sequence suffix
 * of a sequential node). The workload asks for names one after another on the same instance.
 */
public interface NamingUnderTest {

    /**
     * Allocates a fresh name, with the caller's data attached. The stage completes with the
     * name (its node's path, say), or fails if none could be allocated.
     */
    CompletionStage<String> allocate(byte[] data);

    /** Builds one caller's handle on the naming service, on a client. */
    @FunctionalInterface
    interface Factory {
        NamingUnderTest create(TestClient client);
    }
}

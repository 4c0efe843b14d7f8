package dev.zksim.testkit;

import java.util.concurrent.CompletionStage;

/**
 * The contract of a rendezvous under test: a node where a client waits for the address of a
 * worker it started, and where workers publish theirs. One instance is one party's handle
 * on one rendezvous node: the client creates the node and awaits an address; a worker
 * publishes to it. Exactly one address may ever land, and the client proceeds exactly once.
 */
public interface RendezvousUnderTest {

    /** Client: creates the (empty) rendezvous node; completes once it exists. */
    CompletionStage<Void> create();

    /** Client: completes once, with the first address published. */
    CompletionStage<byte[]> awaitAddress();

    /**
     * Worker: publishes its address. The stage completes if this address is the one that
     * landed, and fails otherwise (a KeeperException such as BADVERSION when another address
     * won; a connection loss or expiry when the outcome is unknown).
     */
    CompletionStage<Void> publish(byte[] address);

    /** Builds one party's handle on the rendezvous node at {@code node}, on a client. */
    @FunctionalInterface
    interface Factory {
        RendezvousUnderTest create(TestClient client, String node);
    }
}

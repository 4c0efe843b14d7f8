package dev.zksim.catalog;

import dev.zksim.recipes.rendezvous.Rendezvous;
import dev.zksim.testkit.RendezvousUnderTest;
import dev.zksim.testkit.TestClient;
import java.util.concurrent.CompletionStage;

/** zksim's rendezvous (the paper's, section 2.4) as {@link RendezvousUnderTest}. */
public final class RecipeRendezvous {
    /** A party's handle on one rendezvous node. */
    public static final RendezvousUnderTest.Factory RENDEZVOUS = Party::new;

    private RecipeRendezvous() {
    }

    /** One party's handle on a node; a variant may override one step and keep the others. */
    public static class Party implements RendezvousUnderTest {
        private final Rendezvous rendezvous;

        /** The handle of the party on this client for the rendezvous node at {@code node}. */
        public Party(TestClient client, String node) {
            this.rendezvous = new Rendezvous(client.zk(), node);
        }

        @Override
        public CompletionStage<Void> create() {
            return rendezvous.create();
        }

        @Override
        public CompletionStage<byte[]> awaitAddress() {
            return rendezvous.awaitAddress();
        }

        @Override
        public CompletionStage<Void> publish(byte[] address) {
            return rendezvous.publish(address);
        }
    }
}

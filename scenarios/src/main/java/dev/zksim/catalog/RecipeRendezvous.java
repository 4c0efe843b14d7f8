package dev.zksim.catalog;

import dev.zksim.recipes.rendezvous.Rendezvous;
import dev.zksim.testkit.RendezvousUnderTest;
import java.util.concurrent.CompletionStage;

/** zksim's rendezvous (the paper's, section 2.4) as {@link RendezvousUnderTest}. */
public final class RecipeRendezvous {
    /** A party's handle on one rendezvous node. */
    public static final RendezvousUnderTest.Factory RENDEZVOUS = (client, node) -> {
        Rendezvous rendezvous = new Rendezvous(client.zk(), node);
        return new RendezvousUnderTest() {
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
        };
    };

    private RecipeRendezvous() {
    }
}

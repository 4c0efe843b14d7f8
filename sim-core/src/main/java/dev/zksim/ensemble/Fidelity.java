package dev.zksim.ensemble;

import dev.zksim.client.ClientConfig;

/**
 * Knobs of how closely the simulated ensemble follows ZooKeeper where ZooKeeper promises
 * nothing. The defaults are the faithful ones; the others exist so a test can show that a
 * canary is exposed by the faithful behaviour and by nothing else.
 *
 * @param drawnOrders the orders ZooKeeper leaves unspecified (getChildren lists, one event
 *     across several watchers of a client, a closed session's ephemeral deletions) are drawn
 *     from the choices; false keeps them sorted (registration order for watchers)
 * @param replyLimit clients drop their connection on a reply frame longer than ZooKeeper's
 *     client accepts (0xfffff bytes); false lets them read replies of any length
 */
public record Fidelity(boolean drawnOrders, boolean replyLimit) {
    /** Every unspecified order drawn, the client's reply limit enforced. */
    public static final Fidelity FAITHFUL = new Fidelity(true, true);

    public Fidelity withDrawnOrders(boolean drawn) {
        return new Fidelity(drawn, replyLimit);
    }

    public Fidelity withReplyLimit(boolean enforced) {
        return new Fidelity(drawnOrders, enforced);
    }

    /** The client configuration these knobs call for. */
    public ClientConfig clientConfig() {
        ClientConfig config = ClientConfig.DEFAULT.withDrawnOrders(drawnOrders);
        return replyLimit ? config : config.withPacketLengthLimit(Integer.MAX_VALUE);
    }
}

package dev.zksim.ensemble;

/**
 * Knobs of how closely the simulated ensemble follows ZooKeeper where ZooKeeper promises
 * nothing. The defaults are the faithful ones; the others exist so a test can show that a
 * canary is exposed by the faithful behaviour and by nothing else.
 *
 * @param drawnOrders the orders ZooKeeper leaves unspecified (getChildren lists, one event
 *     across several watchers of a client, a closed session's ephemeral deletions) are drawn
 *     from the choices; false keeps them sorted (registration order for watchers)
 */
public record Fidelity(boolean drawnOrders) {
    /** Every unspecified order drawn. */
    public static final Fidelity FAITHFUL = new Fidelity(true);

    public Fidelity withDrawnOrders(boolean drawn) {
        return new Fidelity(drawn);
    }
}

package dev.zksim.herd;

import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.ensemble.ClientProgram;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.recipes.support.ConnectionStates;

/**
 * A simulated client of a herd run: it connects, builds its variant's participant, and
 * waits for the run to tell it when to start, so that every client queues at one instant.
 */
final class HerdClient implements ClientProgram {
    private final Variant variant;
    private final int clients;
    private final Ledger ledger;
    private final long hold;
    private ClientContext context;
    private ZooKeeperClient zk;
    private ConnectionStates states;
    private Participant participant;

    HerdClient(Variant variant, int clients, Ledger ledger, long hold) {
        this.variant = variant;
        this.clients = clients;
        this.ledger = ledger;
        this.hold = hold;
    }

    @Override
    public void started(ClientContext ctx, ZooKeeperClient handle) {
        if (context != null) {
            throw new IllegalStateException(ctx.id() + " restarted: a herd run has no faults");
        }
        context = ctx;
        zk = handle;
        states = new ConnectionStates();
        participant = variant.participant(handle, states, ctx.id(), clients);
    }

    @Override
    public void process(WatchedEvent event) {
        states.process(event);
    }

    boolean connected() {
        return states != null && states.current() == ConnectionState.CONNECTED;
    }

    ZooKeeperClient zk() {
        return zk;
    }

    /** Starts the participant's turn after the delay (simulated microseconds). */
    void beginAfter(long delay) {
        context.schedule(delay, () -> participant.begin(new Turn(context, ledger, hold)));
    }
}

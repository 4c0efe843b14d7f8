package dev.zksim.workload;

import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.ensemble.ClientContext;

/**
 * What the testkit's standard workloads share: a client process's pen for the history, and at
 * every start of the process (the first and each restart after a crash) a {@link SessionClient}
 * over the fresh handle, named uniquely for this incarnation, which receives the handle's
 * session events and follows the client's sessions after {@code Expired}.
 */
public abstract class SessionWorkload implements Recorded {
    protected final ClientLog log;
    protected ClientContext context;
    protected SessionClient client;
    protected int incarnation;

    protected SessionWorkload(ClientLog log) {
        this.log = log;
    }

    @Override
    public final ClientLog log() {
        return log;
    }

    @Override
    public final void started(ClientContext ctx, ZooKeeperClient zk) {
        log.attach(ctx.id());
        context = ctx;
        incarnation++;
        client = new SessionClient(ctx, zk, log, ctx.id() + "i" + incarnation);
        begin(ctx);
    }

    /** This incarnation starts: build the recipe objects on {@link #client} and schedule the first step. */
    protected abstract void begin(ClientContext ctx);

    @Override
    public final void process(WatchedEvent event) {
        client.process(event);
    }
}

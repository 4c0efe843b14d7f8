package dev.zksim.recipes.rendezvous;

import dev.zksim.api.CreateMode;
import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.KeeperState;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.recipes.support.Stages;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A rendezvous on znode {@code r} (paper, section 2.4):
 * <ol>
 * <li>the client creates {@code r} empty (ephemeral, so the others can tell when it is gone)
 * and passes its path to the processes it starts;</li>
 * <li>the worker or master, once ready, writes its address into {@code r} with version 0:
 * only the first address ever lands, and a lost reply is recognised by reading it back;</li>
 * <li>the client calls {@code getData(r, watch)}; an empty node means wait for the watch and
 * read again; an address means proceed, exactly once.</li>
 * </ol>
 * Nothing here blocks.
 */
public final class Rendezvous {
    private final ZooKeeperClient zk;
    private final String path;

    public Rendezvous(ZooKeeperClient zk, String path) {
        this.zk = zk;
        this.path = path;
    }

    /** Client: creates the empty rendezvous node, ephemeral to this session. */
    public CompletionStage<Void> create() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        zk.create(path, new byte[0], CreateMode.EPHEMERAL).whenComplete((created, error) -> {
            if (error == null || Stages.is(error, Code.NODEEXISTS)) {
                done.complete(null);
            } else if (Stages.isRecoverable(error)) {
                create().whenComplete((ok, failure) -> complete(done, ok, failure));
            } else {
                done.completeExceptionally(Stages.unwrap(error));
            }
        });
        return done;
    }

    /** Client: completes once, with the first address published. */
    public CompletionStage<byte[]> awaitAddress() {
        CompletableFuture<byte[]> address = new CompletableFuture<>();
        read(address);
        return address;
    }

    private void read(CompletableFuture<byte[]> address) {
        if (address.isDone()) {
            return;
        }
        zk.getData(path, event -> {
            if (event.type() != EventType.None) {
                read(address);
            } else if (event.state() == KeeperState.Expired || event.state() == KeeperState.Closed) {
                address.completeExceptionally(KeeperException.create(Code.SESSIONEXPIRED, path));
            }
        }).whenComplete((read, error) -> {
            RendezvousDecision.Read seen = error == null ? new RendezvousDecision.Read.Data(read.data())
                    : new RendezvousDecision.Read.Failed(Stages.code(error).orElse(Code.SYSTEMERROR));
            switch (RendezvousDecision.onRead(seen)) {
                case RendezvousDecision.Next.Proceed proceed -> address.complete(proceed.address());
                case RendezvousDecision.Next.Wait wait -> {
                }
                case RendezvousDecision.Next.Retry retry -> read(address);
                case RendezvousDecision.Next.Fail fail -> address.completeExceptionally(KeeperException.create(fail.code(), path));
            }
        });
    }

    /**
     * Worker or master: publishes its address; fails with BadVersion if another address won.
     * Fails with ConnectionLoss when the outcome cannot be known: an attempt whose reply was
     * lost may have landed, and the rendezvous node is gone (its client's session ended)
     * before the retry could read which address it holds.
     */
    public CompletionStage<Void> publish(byte[] address) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        publish(address, done, false);
        return done;
    }

    /** One attempt; {@code uncertain} once an earlier attempt's reply was lost. */
    private void publish(byte[] address, CompletableFuture<Void> done, boolean uncertain) {
        zk.setData(path, address, 0).whenComplete((stat, error) -> {
            Code code = error == null ? null : Stages.code(error).orElse(Code.SYSTEMERROR);
            act(RendezvousDecision.onPublish(code, address, null), address, done, uncertain);
        });
    }

    private void act(RendezvousDecision.Next next, byte[] address, CompletableFuture<Void> done, boolean uncertain) {
        switch (next) {
            case RendezvousDecision.Next.Proceed proceed -> done.complete(null);
            case RendezvousDecision.Next.Retry retry -> publish(address, done, true);
            // BadVersion: read the stored address back to learn whether the landed write was ours.
            case RendezvousDecision.Next.Wait wait -> zk.getData(path, false).whenComplete((read, error) -> {
                if (error != null) {
                    done.completeExceptionally(failure(Stages.code(error).orElse(Code.SYSTEMERROR), uncertain, error));
                } else {
                    act(RendezvousDecision.onPublish(Code.BADVERSION, address, read.data() == null ? new byte[0] : read.data()),
                            address, done, uncertain);
                }
            });
            case RendezvousDecision.Next.Fail fail -> done.completeExceptionally(failure(fail.code(), uncertain, null));
        }
    }

    /**
     * The error a publish ends with: NoNode after a lost reply says only that the node is gone,
     * not whether the lost attempt landed first, so it becomes ConnectionLoss, the outcome unknown.
     */
    private Throwable failure(Code code, boolean uncertain, Throwable cause) {
        if (uncertain && code == Code.NONODE) {
            return KeeperException.create(Code.CONNECTIONLOSS, path);
        }
        return cause != null ? Stages.unwrap(cause) : KeeperException.create(code, path);
    }

    private static <T> void complete(CompletableFuture<T> done, T value, Throwable failure) {
        if (failure == null) {
            done.complete(value);
        } else {
            done.completeExceptionally(failure);
        }
    }
}

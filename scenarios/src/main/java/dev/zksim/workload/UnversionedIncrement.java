package dev.zksim.workload;

import dev.zksim.api.CreateMode;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import java.nio.charset.StandardCharsets;

/**
 * A deliberately broken counter client, for a canary: it increments a shared counter with a
 * read (getData) followed by an unconditional write (setData with version -1), the classic
 * lost update that ZooKeeper's versioned setData exists to prevent. Each client increments
 * once, at a fixed simulated time; with staggered start times the update is lost only when
 * the later client's read reaches the server between the earlier client's read and its
 * write, an interleaving that uniformly random delays almost never produce.
 */
public final class UnversionedIncrement implements Recorded {
    private static final String PATH = "/counter";

    private final ClientLog log;
    private final long startAt;

    /** @param startAt the simulated time (µs) at which this client increments */
    public UnversionedIncrement(ClientLog log, long startAt) {
        this.log = log;
        this.startAt = startAt;
    }

    @Override
    public ClientLog log() {
        return log;
    }

    @Override
    public void started(ClientContext context, ZooKeeperClient zk) {
        log.attach(context.id());
        // Every client tries to create the counter; all but the first get NODEEXISTS, which is fine.
        zk.create(PATH, bytes(0), CreateMode.PERSISTENT);
        context.schedule(Math.max(0, startAt - context.now()), () -> increment(zk));
    }

    private void increment(ZooKeeperClient zk) {
        ClientLog.Call call = log.invoke(OpKind.INCREMENT);
        zk.getData(PATH, false).thenCompose(read -> {
            long next = Long.parseLong(new String(read.data(), StandardCharsets.UTF_8)) + 1;
            return zk.setData(PATH, bytes(next), -1).thenApply(stat -> next);
        }).whenComplete((written, error) -> {
            if (error == null) {
                call.ok(Value.of(written));
            } else if (Workloads.uncertain(error)) {
                call.info(Workloads.describe(error));
            } else {
                call.fail(Workloads.describe(error));
            }
        });
    }

    private static byte[] bytes(long value) {
        return Long.toString(value).getBytes(StandardCharsets.UTF_8);
    }
}

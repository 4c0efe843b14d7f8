package dev.zksim.workload;

import dev.zksim.check.CacheOps;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.CacheUnderTest;

/**
 * A reader holding one cache of the directory. Every incarnation builds a new cache
 * (CACHE_START), starts it and records what the cache tells its listener (CACHE_PUT,
 * CACHE_REMOVE); every {@code sample} it records everything the cache holds while the client
 * is connected (CACHE_VIEW), so that what the cache believes after the heal is in the
 * history. After {@code Expired} it opens a new session and starts the same cache again.
 */
public final class CacheReader extends SessionWorkload {
    private final CacheUnderTest.Factory factory;
    private final long sample;
    private CacheUnderTest cache;

    public CacheReader(CacheUnderTest.Factory factory, long sample, ClientLog log) {
        super(log);
        this.factory = factory;
        this.sample = sample;
    }

    @Override
    protected void begin(ClientContext ctx) {
        SessionClient mine = client;
        log.notify(OpKind.CACHE_START);
        cache = factory.create(client, new CacheUnderTest.Events() {
            @Override
            public void put(String child, String data) {
                if (mine == client) {
                    log.notify(OpKind.CACHE_PUT, new CacheOps.Put(child, data).value());
                }
            }

            @Override
            public void removed(String child) {
                if (mine == client) {
                    log.notify(OpKind.CACHE_REMOVE, Value.of(child));
                }
            }
        });
        client.renewAfterLoss(() -> { }, () -> cache.start());
        cache.start();
        ctx.schedule(sample, () -> sample(mine));
    }

    private void sample(SessionClient owner) {
        if (owner != client) {
            return;
        }
        if (client.connection().current() == ConnectionState.CONNECTED) {
            cache.snapshot().ifPresent(entries -> log.notify(OpKind.CACHE_VIEW, CacheOps.directory(entries)));
        }
        context.schedule(sample, () -> sample(owner));
    }
}

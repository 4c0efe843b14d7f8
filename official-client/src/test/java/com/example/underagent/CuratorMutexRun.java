package com.example.underagent;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.official.OfficialClientProgram;
import dev.zksim.official.OfficialEnsemble;
import java.util.ArrayList;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.retry.ExponentialBackoffRetry;

/**
 * Clients that take a Curator InterProcessMutex in turns, written as production code is: the
 * wall clock, {@code Thread.sleep} between rounds, Curator's own threads and timed waits.
 * Each client records when (by {@code System.currentTimeMillis}) it held the lock.
 */
final class CuratorMutexRun {
    /** One hold of the lock: who, and from when to when in (virtual) wall-clock milliseconds. */
    record Hold(String client, long from, long to) {
    }

    /** What a run did: the holds in the order they ended, and the trace's digest. */
    record Outcome(List<Hold> holds, String digest) {
    }

    private CuratorMutexRun() {
    }

    static Outcome run(long seed, int clients, int rounds) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(seed), EnsembleConfig.defaults(3));
        OfficialEnsemble official = new OfficialEnsemble(ensemble);
        List<Hold> holds = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            official.addClient((OfficialClientProgram.Session session) -> {
                CuratorFramework curator = CuratorFrameworkFactory.builder()
                        .connectString("simulated")
                        .retryPolicy(new ExponentialBackoffRetry(100, 3))
                        .zookeeperFactory((connect, timeout, watcher, readOnly) -> session.newHandle(watcher))
                        .build();
                curator.start();
                InterProcessMutex mutex = new InterProcessMutex(curator, "/jobs/lock");
                for (int round = 0; round < rounds; round++) {
                    mutex.acquire();
                    long from = System.currentTimeMillis();
                    Thread.sleep(20 + round * 10L);
                    holds.add(new Hold(session.id(), from, System.currentTimeMillis()));
                    mutex.release();
                }
                curator.close();
            });
        }
        ensemble.run(RunBounds.time(60_000_000L));
        official.threads().check();
        official.shutdown();
        return new Outcome(holds, ensemble.simulation().trace().digest());
    }
}

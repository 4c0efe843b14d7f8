package com.example.underagent;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.apache.curator.retry.RetryNTimes;
import org.junit.jupiter.api.Test;

class CuratorMutexProbeTest {
    @Test
    void mutexAcquiresUnderTheAgent() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(1), EnsembleConfig.defaults(3));
        OfficialEnsemble official = new OfficialEnsemble(ensemble);
        List<String> steps = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            official.addClient((OfficialClientProgram.Session session) -> {
                CuratorFramework curator = CuratorFrameworkFactory.builder()
                        .connectString("simulated")
                        .retryPolicy(new RetryNTimes(3, 10))
                        .zookeeperFactory((connect, timeout, watcher, readOnly) -> session.newHandle(watcher))
                        .build();
                curator.start();
                InterProcessMutex mutex = new InterProcessMutex(curator, "/curator-lock");
                for (int round = 0; round < 3; round++) {
                    mutex.acquire();
                    steps.add(session.id() + " acquired at " + System.currentTimeMillis());
                    Thread.sleep(100);
                    mutex.release();
                }
                curator.close();
                steps.add(session.id() + " done");
            });
        }
        ensemble.run(RunBounds.time(60_000_000L));
        official.threads().check();
        official.shutdown();
        System.out.println(steps);
        assertThat(steps).hasSize(12);
    }
}

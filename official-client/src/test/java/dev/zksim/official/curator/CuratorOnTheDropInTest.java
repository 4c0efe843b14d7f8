package dev.zksim.official.curator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.RunBounds;
import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.official.OfficialClientProgram;
import dev.zksim.official.OfficialEnsemble;
import java.util.ArrayList;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.retry.RetryNTimes;
import org.junit.jupiter.api.Test;

/**
 * Curator on the drop-in (issue 15, item 5): what runs and where the simulation stops it. A
 * CuratorFramework is built with a ZookeeperFactory that returns a drop-in handle (a new
 * session, whose events reach Curator's watcher) and starts; its recipes then cannot run
 * deterministically, and the run says why in one line instead of going on with real threads
 * or the real clock. See the official-client package documentation for what it would take.
 */
class CuratorOnTheDropInTest {

    /** What one Curator program did before the simulation stopped it, and why it stopped. */
    private record Stopped(List<String> steps, SimulationFailure failure) {
    }

    private interface Recipe {
        void run(CuratorFramework curator, List<String> steps) throws Exception;
    }

    private static Stopped run(boolean simulatedThreadFactory, Recipe recipe) {
        Ensemble ensemble = Ensemble.start(new SeededChoices(1), EnsembleConfig.defaults(3));
        OfficialEnsemble official = new OfficialEnsemble(ensemble);
        List<String> steps = new ArrayList<>();
        official.addClient((OfficialClientProgram.Session session) -> {
            CuratorFrameworkFactory.Builder builder = CuratorFrameworkFactory.builder()
                    .connectString("simulated")
                    .retryPolicy(new RetryNTimes(3, 10))
                    .zookeeperFactory((connect, timeout, watcher, readOnly) -> session.newHandle(watcher));
            if (simulatedThreadFactory) {
                builder.threadFactory(official.threads().factory("curator"));
            }
            CuratorFramework curator = builder.build();
            curator.start();
            steps.add("started");
            recipe.run(curator, steps);
            steps.add("finished");
        });
        SimulationFailure failure = catchThrowableOfType(SimulationFailure.class, () -> {
            ensemble.run(RunBounds.time(60_000_000L));
            official.threads().check();
        });
        official.shutdown();
        return new Stopped(steps, failure);
    }

    private static void acquireAndRelease(CuratorFramework curator, List<String> steps) throws Exception {
        InterProcessMutex mutex = new InterProcessMutex(curator, "/curator-lock");
        mutex.acquire();
        steps.add("acquired");
        mutex.release();
    }

    private static void awaitLeadership(CuratorFramework curator, List<String> steps) throws Exception {
        try (LeaderLatch latch = new LeaderLatch(curator, "/curator-latch")) {
            latch.start();
            steps.add("latch started");
            latch.await();
            steps.add("leading");
        }
    }

    @Test
    void curatorsOwnExecutorsAreReportedAsPlatformThreads() {
        Stopped stopped = run(false, CuratorOnTheDropInTest::acquireAndRelease);
        assertThat(stopped.steps()).containsExactly("started");
        assertThat(stopped.failure()).isNotNull();
        assertThat(stopped.failure().kind()).isEqualTo(FailureKind.NONDETERMINISM);
        assertThat(stopped.failure().getMessage()).contains("started a platform thread");
    }

    @Test
    void withSimulatedThreadsTheMutexStopsAtCuratorsTimedWaitForTheConnection() {
        Stopped stopped = run(true, CuratorOnTheDropInTest::acquireAndRelease);
        assertThat(stopped.steps()).containsExactly("started");
        assertThat(stopped.failure().kind()).isEqualTo(FailureKind.NONDETERMINISM);
        assertThat(stopped.failure().getMessage()).contains("a wait with a timeout");
    }

    /** LeaderLatch.start hands its work to AfterConnectionEstablished, whose own executor the builder's factory does not reach. */
    @Test
    void withSimulatedThreadsTheLeaderLatchStillStartsAPlatformThread() {
        Stopped stopped = run(true, CuratorOnTheDropInTest::awaitLeadership);
        assertThat(stopped.steps()).containsExactly("started", "latch started");
        assertThat(stopped.failure().kind()).isEqualTo(FailureKind.NONDETERMINISM);
        assertThat(stopped.failure().getMessage()).contains("started a platform thread");
    }
}

package com.example.official;

import dev.zksim.official.testkit.OfficialElection;
import dev.zksim.official.testkit.OfficialTestkit;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.testkit.CatalogProvider;
import dev.zksim.testkit.ElectionUnderTest;
import dev.zksim.testkit.LockUnderTest;
import dev.zksim.testkit.Testkit;

/**
 * This project's recipes written for the official ZooKeeper client, in the testkit's standard
 * lock and election scenarios, each also with its re-check removed, which the tests expect
 * zksim to catch. The recipe classes are the ones {@link RealClusterTest} runs unchanged on
 * a real cluster; only this glue knows zksim. Listed in META-INF/services.
 */
public final class OfficialScenarios implements CatalogProvider {

    @Override
    public ScenarioCatalog catalog() {
        return new ScenarioCatalog("official-examples")
                .add(Testkit.lock("official-lock", lock(true))
                        .title("Example: a blocking official-client lock under faults").build())
                .add(Testkit.lock("official-broken-lock", lock(false))
                        .title("Example: the official-client lock without its re-check, which zksim must catch").build())
                .add(Testkit.election("official-election", election(true))
                        .title("Example: a callback official-client election under faults").build())
                .add(Testkit.election("official-broken-election", election(false))
                        .title("Example: the official-client election without its re-check, which zksim must catch")
                        .build());
    }

    static LockUnderTest.Factory lock(boolean recheck) {
        return OfficialTestkit.lock(client -> {
            BlockingMutex mutex = new BlockingMutex(client::zk, "/official-lock", client.uniqueName(), recheck);
            return new dev.zksim.official.testkit.BlockingLock() {
                @Override
                public long acquire() throws Exception {
                    return mutex.acquire();
                }

                @Override
                public void release() throws Exception {
                    mutex.release();
                }
            };
        });
    }

    static ElectionUnderTest.Factory election(boolean recheck) {
        return OfficialTestkit.election((client, events) -> {
            CallbackElection election = new CallbackElection(client::zk, "/official-election", client.uniqueName(),
                    recheck, new CallbackElection.Listener() {
                        @Override
                        public void leading(long epoch) {
                            events.held(epoch);
                        }

                        @Override
                        public void suspended() {
                            events.suspended();
                        }

                        @Override
                        public void lost() {
                            events.lost();
                        }
                    });
            return new OfficialElection() {
                @Override
                public void start() {
                    election.start();
                }

                @Override
                public void stop() throws InterruptedException {
                    election.stop();
                }
            };
        });
    }
}

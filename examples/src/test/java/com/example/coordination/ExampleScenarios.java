package com.example.coordination;

import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.testkit.CatalogProvider;
import dev.zksim.testkit.ElectionUnderTest;
import dev.zksim.testkit.HolderEvents;
import dev.zksim.testkit.LockUnderTest;
import dev.zksim.testkit.TestClient;
import dev.zksim.testkit.Testkit;
import java.util.concurrent.CompletionStage;

/**
 * This project's scenarios: its lock and its leader election, and each with its re-check
 * removed, which the tests expect zksim to catch. Listed in META-INF/services so that
 * {@code ./zksim --classpath target/classes:target/test-classes run example-lock} finds them.
 */
public final class ExampleScenarios implements CatalogProvider {

    @Override
    public ScenarioCatalog catalog() {
        // The other shapes of the testkit, one recipe each with its broken variant, are in ShapeScenarios.
        return ShapeScenarios.addTo(new ScenarioCatalog("examples"))
                .add(Testkit.lock("example-lock", lock(true)).title("Example: the team's own lock under faults").build())
                .add(Testkit.lock("example-broken-lock", lock(false))
                        .title("Example: the team's lock without its re-check, which zksim must catch").build())
                .add(Testkit.election("example-election", election(true))
                        .title("Example: the team's own leader election under faults").build())
                .add(Testkit.election("example-broken-election", election(false))
                        .title("Example: the team's election without its re-check, which zksim must catch").build());
    }

    /** Adapts SimpleElection to the testkit's election contract. */
    static ElectionUnderTest.Factory election(boolean recheck) {
        return (TestClient client, HolderEvents events) -> {
            SimpleElection election = new SimpleElection(client.zk(), "/example-election", client.uniqueName(), recheck,
                    new SimpleElection.Listener() {
                        public void leading(long epoch) {
                            events.held(epoch);
                        }

                        public void suspended() {
                            events.suspended();
                        }

                        public void lost() {
                            events.lost();
                        }

                        public void withdrawn() {
                            events.released();
                        }
                    });
            client.connection().subscribe(state ->
                    election.connectionChanged(state == ConnectionState.CONNECTED, state == ConnectionState.LOST));
            return new ElectionUnderTest() {
                public void start() {
                    election.start();
                }

                public CompletionStage<Void> stop() {
                    return election.stop();
                }
            };
        };
    }

    /** Adapts SimpleLock to the testkit's lock contract. */
    static LockUnderTest.Factory lock(boolean recheck) {
        return (TestClient client, HolderEvents events) -> {
            SimpleLock lock = new SimpleLock(client.zk(), "/example-lock", client.uniqueName(), recheck,
                    new SimpleLock.Listener() {
                        public void held(long token) {
                            events.held(token);
                        }

                        public void suspended() {
                            events.suspended();
                        }

                        public void lost() {
                            events.lost();
                        }
                    });
            client.connection().subscribe(state ->
                    lock.connectionChanged(state == ConnectionState.CONNECTED, state == ConnectionState.LOST));
            return new LockUnderTest() {
                public CompletionStage<Long> acquire() {
                    return lock.acquire();
                }

                public CompletionStage<Void> release() {
                    return lock.release();
                }
            };
        };
    }
}

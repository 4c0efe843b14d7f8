package dev.zksim.recipes.election;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.ensemble.ClientProgram;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.recipes.support.ConnectionStates;
import dev.zksim.recipes.testing.HoldTracker;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Leader elections on a simulated ensemble: one leader at a time, succession, the ack, the herd. */
class ElectionSimulationTest {
    static final String DIR = "/election";

    /** The two elections seen through what the tests need. */
    interface Candidate {
        void start();

        void stop();

        ElectionState state();

        long notifications();
    }

    /** A client that enters the election at start and records what it reports. */
    final class ElectionClient implements ClientProgram {
        private final boolean seed;
        final List<ElectionState> reports = new ArrayList<>();
        final List<Long> times = new ArrayList<>();
        ConnectionStates states;
        Candidate candidate;
        ZooKeeperClient zk;
        private ClientContext context;
        private int incarnation;

        ElectionClient(boolean seed) {
            this.seed = seed;
        }

        @Override
        public void started(ClientContext ctx, ZooKeeperClient handle) {
            context = ctx;
            zk = handle;
            states = new ConnectionStates();
            String guid = ctx.id() + "i" + ++incarnation;
            candidate = seed ? seedCandidate(new SeedArticleElection(handle, states, DIR, guid, this::report))
                    : candidate(new LeaderElection(handle, states, DIR, guid, this::report));
            // Staggered entries make the order of candidates, and so the line of succession, c1, c2, ...
            ctx.schedule(Time.millis(500 + 50L * clients.indexOf(this)), candidate::start);
        }

        @Override
        public void process(WatchedEvent event) {
            states.process(event);
        }

        private void report(ElectionState state) {
            reports.add(state);
            times.add(context.now());
            if (state instanceof ElectionState.Leading leading) {
                tracker.held(context.id(), false, context.now(), leading.epoch());
            } else {
                tracker.stopped(context.id(), context.now());
            }
        }

        long firstTime(Class<? extends ElectionState> kind) {
            for (int i = 0; i < reports.size(); i++) {
                if (kind.isInstance(reports.get(i))) {
                    return times.get(i);
                }
            }
            throw new AssertionError("never reported " + kind.getSimpleName() + ": " + reports);
        }
    }

    private final HoldTracker tracker = new HoldTracker();
    private final List<ElectionClient> clients = new ArrayList<>();
    private Ensemble ensemble;

    private static Candidate candidate(LeaderElection election) {
        return new Candidate() {
            public void start() {
                election.start();
            }

            public void stop() {
                election.stop();
            }

            public ElectionState state() {
                return election.state();
            }

            public long notifications() {
                return election.watchNotifications();
            }
        };
    }

    private static Candidate seedCandidate(SeedArticleElection election) {
        return new Candidate() {
            public void start() {
                election.start();
            }

            public void stop() {
                election.stop();
            }

            public ElectionState state() {
                return election.state();
            }

            public long notifications() {
                return election.watchNotifications();
            }
        };
    }

    private void start(long seed, int count, boolean seedArticle) {
        ensemble = Ensemble.start(new SeededChoices(seed), EnsembleConfig.defaults(1));
        for (int i = 0; i < count; i++) {
            ElectionClient client = new ElectionClient(seedArticle);
            clients.add(client);
            ensemble.addClient(client);
        }
        ensemble.runFor(Time.seconds(2));
    }

    private ElectionClient client(int i) {
        return clients.get(i - 1);
    }

    private String ack() {
        ZooKeeperClient zk = client(clients.size()).zk;
        var read = zk.getData(DIR + "/leader", false).toCompletableFuture();
        ensemble.runFor(Time.millis(200));
        return new String(read.join().data(), StandardCharsets.UTF_8);
    }

    private void crash(String id) {
        tracker.stopped(id, ensemble.simulation().now());
        ensemble.faults().crash(id);
    }

    @Test
    void exactlyOneLeadsAndItsTakeoverIsAcknowledged() {
        start(1, 4, false);
        assertThat(tracker.holders()).hasSize(1);
        String leader = tracker.holders().getFirst();
        ElectionState.Leading leading = (ElectionState.Leading) client(Integer.parseInt(leader.substring(1))).candidate.state();
        assertThat(DIR + "/" + ack()).isEqualTo(leading.node());
        assertThat(leading.epoch()).isZero();
        assertThat(clients).filteredOn(client -> client.candidate.state() instanceof ElectionState.Following)
                .hasSize(3);
        assertThat(tracker.violations()).isEmpty();
    }

    @Test
    void whenTheLeaderCrashesTheNextInLineTakesOverAloneAndRewritesTheAck() {
        start(2, 4, false);
        assertThat(tracker.holders()).containsExactly("c1");
        long crashAt = ensemble.simulation().now();
        crash("c1");
        ensemble.runFor(Time.seconds(15));
        assertThat(tracker.holders()).containsExactly("c2");
        assertThat(client(2).firstTime(ElectionState.Leading.class) - crashAt).isBetween(Time.seconds(10), Time.seconds(13));
        ElectionState.Leading leading = (ElectionState.Leading) client(2).candidate.state();
        assertThat(leading.epoch()).as("the ack's version grew with the new leader").isEqualTo(1);
        assertThat(DIR + "/" + ack()).isEqualTo(leading.node());
        // Only the next in line was woken; c3 and c4 still watch their unchanged predecessors.
        assertThat(clients.stream().mapToLong(client -> client.candidate.notifications()).sum()).isEqualTo(1);
        crash("c2");
        ensemble.runFor(Time.seconds(15));
        assertThat(tracker.holders()).containsExactly("c3");
        assertThat(((ElectionState.Leading) client(3).candidate.state()).epoch()).isEqualTo(2);
        assertThat(tracker.violations()).isEmpty();
    }

    @Test
    void theSeedArticlesElectionWakesEveryFollowerWhenTheLeaderDies() {
        start(2, 4, true);
        assertThat(tracker.holders()).hasSize(1);
        String leader = tracker.holders().getFirst();
        crash(leader);
        ensemble.runFor(Time.seconds(15));
        assertThat(tracker.holders()).hasSize(1);
        assertThat(tracker.violations()).isEmpty();
        // All three followers were woken by the one deletion (and the losers again by the winner's create).
        long woken = clients.stream().filter(client -> !client.reports.isEmpty())
                .mapToLong(client -> client.candidate.notifications()).sum();
        assertThat(woken).isGreaterThanOrEqualTo(3);
    }

    @Test
    void aLostCreateReplyIsAdoptedSoTheCandidateDoesNotQueueTwice() {
        ensemble = Ensemble.start(new SeededChoices(3), EnsembleConfig.defaults(1));
        ElectionClient first = new ElectionClient(false);
        clients.add(first);
        ensemble.addClient(first);
        ensemble.runFor(Time.millis(300));
        assertThat(ensemble.faults().dropReply("c1")).isTrue();
        ensemble.runFor(Time.seconds(5));
        assertThat(first.candidate.state()).isInstanceOf(ElectionState.Leading.class);
        var listing = first.zk.getChildren(DIR, false).toCompletableFuture();
        ensemble.runFor(Time.millis(200));
        assertThat(listing.join()).filteredOn(name -> name.startsWith("c1i1_1-n_")).hasSize(1);
    }

    @Test
    void aPartitionedLeaderSuspendsBeforeTheNextOneLeads() {
        start(4, 3, false);
        assertThat(tracker.holders()).containsExactly("c1");
        ensemble.faults().partition(List.of(List.of("c1"), List.of("s1", "c2", "c3")));
        ensemble.runFor(Time.seconds(20));
        assertThat(tracker.holders()).containsExactly("c2");
        assertThat(client(1).firstTime(ElectionState.Suspended.class))
                .isLessThan(client(2).firstTime(ElectionState.Leading.class));
        assertThat(client(1).candidate.state()).isInstanceOf(ElectionState.Lost.class);
        assertThat(tracker.violations()).isEmpty();
        ensemble.faults().heal();
    }

    @Test
    void aLeaderThatStepsDownHandsOverAtOnce() {
        start(5, 3, false);
        assertThat(tracker.holders()).containsExactly("c1");
        client(1).candidate.stop();
        ensemble.runFor(Time.seconds(1));
        assertThat(tracker.holders()).containsExactly("c2");
        assertThat(client(1).candidate.state()).isInstanceOf(ElectionState.Withdrawn.class);
        assertThat(tracker.violations()).isEmpty();
    }
}

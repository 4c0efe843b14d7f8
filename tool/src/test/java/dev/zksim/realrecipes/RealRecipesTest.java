package dev.zksim.realrecipes;

import static dev.zksim.realrecipes.RealClients.WAIT;
import static dev.zksim.realrecipes.RealClients.awaitExists;
import static dev.zksim.realrecipes.RealClients.concurrently;
import static dev.zksim.realrecipes.RealClients.eventually;
import static dev.zksim.realrecipes.RealClients.mkdir;
import static dev.zksim.realrecipes.RealClients.pause;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.zksim.api.KeeperException;
import dev.zksim.real.Blocking;
import dev.zksim.real.RealEnsemble;
import dev.zksim.realrecipes.RealClients.Client;
import dev.zksim.recipes.barrier.BlockingBarrier;
import dev.zksim.recipes.config.Config;
import dev.zksim.recipes.config.ConfigReader;
import dev.zksim.recipes.config.ConfigWriter;
import dev.zksim.recipes.doublebarrier.BlockingDoubleBarrier;
import dev.zksim.recipes.election.ElectionState;
import dev.zksim.recipes.election.LeaderElection;
import dev.zksim.recipes.lock.BlockingLock;
import dev.zksim.recipes.lock.ExclusiveLock;
import dev.zksim.recipes.lock.Grant;
import dev.zksim.recipes.lock.LockListener;
import dev.zksim.recipes.membership.GroupMember;
import dev.zksim.recipes.membership.GroupView;
import dev.zksim.recipes.naming.BlockingNameService;
import dev.zksim.recipes.naming.UniqueName;
import dev.zksim.recipes.priorityqueue.BlockingPriorityQueue;
import dev.zksim.recipes.queue.BlockingQueue;
import dev.zksim.recipes.rendezvous.BlockingRendezvous;
import dev.zksim.recipes.rendezvous.Rendezvous;
import dev.zksim.recipes.revocable.RevocableLock;
import dev.zksim.recipes.revocable.Revoker;
import dev.zksim.recipes.rwlock.ReadWriteLock;
import dev.zksim.recipes.support.HolderState;
import dev.zksim.recipes.twophase.TwoPhaseCoordinator;
import dev.zksim.recipes.twophase.TwoPhaseDecision.Outcome;
import dev.zksim.recipes.twophase.TwoPhaseSite;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * Every recipe on a real three-server ensemble (curator-test, in this JVM), through the
 * real-ZooKeeper client: several clients, each with its own handle and session, run the
 * recipe at once and the test checks the recipe's guarantee. One ensemble serves the class;
 * each test works under its own parent znode and closes its handles at the end. Completions
 * run on each handle's event thread, so all bookkeeping is thread-safe, and every wait is
 * bounded.
 */
class RealRecipesTest {
    private static RealEnsemble ensemble;

    private RealClients clients;
    private String base;

    @BeforeAll
    static void startEnsemble() throws Exception {
        ensemble = RealEnsemble.cluster(3);
    }

    @AfterAll
    static void stopEnsemble() throws Exception {
        ensemble.close();
    }

    @BeforeEach
    void openClients(TestInfo info) {
        clients = new RealClients(ensemble);
        base = "/" + info.getTestMethod().orElseThrow().getName();
    }

    @AfterEach
    void closeClients() throws Exception {
        clients.close();
    }

    // ---- locks ----

    /**
     * Five clients take the herd-free exclusive lock three times each. Holds never overlap,
     * every client gets it every time, fencing tokens grow from grant to grant, and no
     * client hears more predecessor-watch notifications than there were handoffs (a herd
     * would wake every waiter on each release).
     */
    @Test
    void exclusiveLockIsHeldByOneClientAtATimeWithoutHerd() throws Exception {
        int n = 5;
        int rounds = 3;
        List<Client> cs = clients.open(n);
        String dir = base + "/lock";
        AtomicInteger holders = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        List<Long> tokens = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger[] grants = IntStream.range(0, n).mapToObj(i -> new AtomicInteger()).toArray(AtomicInteger[]::new);
        List<ExclusiveLock> locks = new ArrayList<>();
        for (Client c : cs) {
            locks.add(new ExclusiveLock(c.zk(), c.states(), dir, c.id(), LockListener.none()));
        }

        concurrently(n, i -> {
            BlockingLock lock = new BlockingLock(locks.get(i));
            for (int round = 0; round < rounds; round++) {
                Grant grant = lock.acquire(WAIT);
                if (holders.incrementAndGet() != 1) {
                    overlaps.incrementAndGet();
                }
                tokens.add(grant.fencingToken());
                grants[i].incrementAndGet();
                assertThat(locks.get(i).state()).isEqualTo(HolderState.HELD);
                pause(5);
                holders.decrementAndGet();
                lock.release(WAIT);
            }
        });

        assertThat(overlaps).hasValue(0);
        assertThat(grants).allSatisfy(count -> assertThat(count).hasValue(rounds));
        assertThat(tokens).hasSize(n * rounds).isSorted().doesNotHaveDuplicates();
        int handoffs = n * rounds;
        long total = 0;
        for (ExclusiveLock lock : locks) {
            assertThat(lock.watchNotifications()).isLessThanOrEqualTo(handoffs);
            total += lock.watchNotifications();
        }
        // Each release deletes one node, which wakes at most the one waiter watching it.
        assertThat(total).isLessThanOrEqualTo(handoffs);
        // Every node was deleted (sync first: this client's server may lag behind the others' deletes).
        Blocking.await(cs.getFirst().zk().sync(dir), WAIT);
        assertThat(Blocking.await(cs.getFirst().zk().getChildren(dir, false), WAIT)).isEmpty();
    }

    /**
     * Three readers take the read lock together and must all hold it at once (they share);
     * then two writers and three readers contend: a writer holds alone, a reader never
     * beside a writer.
     */
    @Test
    void readWriteLockLetsReadersShareAndWritersHoldAlone() throws Exception {
        List<Client> cs = clients.open(5);
        String dir = base + "/rw";

        CountDownLatch allReading = new CountDownLatch(3);
        concurrently(3, i -> {
            Client c = cs.get(i);
            BlockingLock read = new BlockingLock(new ReadWriteLock(c.zk(), c.states(), dir, c.id()).readLock(LockListener.none()));
            read.acquire(WAIT);
            allReading.countDown();
            // Each reader keeps the lock until every reader holds it: only possible if they share.
            assertThat(allReading.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).as("all readers hold at once").isTrue();
            read.release(WAIT);
        });

        AtomicInteger readers = new AtomicInteger();
        AtomicInteger writers = new AtomicInteger();
        AtomicInteger violations = new AtomicInteger();
        AtomicInteger writeGrants = new AtomicInteger();
        concurrently(5, i -> {
            Client c = cs.get(i);
            ReadWriteLock rw = new ReadWriteLock(c.zk(), c.states(), dir, c.id());
            boolean writer = i < 2;
            BlockingLock lock = new BlockingLock(writer ? rw.writeLock(LockListener.none()) : rw.readLock(LockListener.none()));
            for (int round = 0; round < 3; round++) {
                lock.acquire(WAIT);
                if (writer) {
                    writeGrants.incrementAndGet();
                    if (writers.incrementAndGet() != 1 || readers.get() != 0) {
                        violations.incrementAndGet();
                    }
                    pause(5);
                    writers.decrementAndGet();
                } else {
                    readers.incrementAndGet();
                    if (writers.get() != 0) {
                        violations.incrementAndGet();
                    }
                    pause(5);
                    readers.decrementAndGet();
                }
                lock.release(WAIT);
            }
        });
        assertThat(violations).hasValue(0);
        assertThat(writeGrants).hasValue(6);
    }

    /**
     * A holder of the revocable write lock is asked by a third client to unlock while a
     * second client waits: the holder releases (RELEASED, wasRevoked) and only then does the
     * waiter get the lock.
     */
    @Test
    void revocableLockHonoursRevocation() throws Exception {
        List<Client> cs = clients.open(3);
        String dir = base + "/revocable";
        List<HolderState> holderStates = Collections.synchronizedList(new ArrayList<>());
        RevocableLock holder = new RevocableLock(cs.get(0).zk(), cs.get(0).states(), dir, cs.get(0).id(),
                RevocableLock.Mode.WRITE, holderStates::add);
        Grant held = Blocking.await(holder.acquire(), WAIT);

        AtomicReference<HolderState> holderAtGrant = new AtomicReference<>();
        RevocableLock waiter = new RevocableLock(cs.get(1).zk(), cs.get(1).states(), dir, cs.get(1).id(),
                RevocableLock.Mode.WRITE, state -> {
                    if (state == HolderState.HELD) {
                        holderAtGrant.set(holder.state());
                    }
                });
        var waiting = waiter.acquire();
        assertThat(eventually(() -> waiter.node().isPresent())).isTrue();
        pause(100);
        assertThat(waiting.toCompletableFuture()).as("the waiter waits while the holder holds").isNotDone();

        Revoker revoker = new Revoker(cs.get(2).zk());
        Blocking.await(cs.get(2).zk().sync(dir), WAIT);
        List<String> holders = Blocking.await(revoker.holders(dir), WAIT);
        assertThat(holders).first().isEqualTo(held.node());
        assertThat(Blocking.await(revoker.requestRelease(held.node()), WAIT)).isTrue();

        Grant next = Blocking.await(waiting, WAIT);
        assertThat(holder.wasRevoked()).isTrue();
        assertThat(holder.state()).isEqualTo(HolderState.RELEASED);
        assertThat(holderStates).contains(HolderState.HELD, HolderState.RELEASED);
        assertThat(holderAtGrant).hasValue(HolderState.RELEASED);
        assertThat(next.fencingToken()).isGreaterThan(held.fencingToken());
        Blocking.await(waiter.release(), WAIT);
    }

    // ---- leader election ----

    /**
     * Four candidates: exactly one leads, the others follow it, and the ack znode names it.
     * When the leader's handle closes, exactly one of the rest takes over with a larger
     * epoch, and the ack names the new leader. No two live candidates ever lead at once.
     */
    @Test
    void leaderElectionHasOneLeaderAndAnotherAfterTheLeaderCloses() throws Exception {
        int n = 4;
        List<Client> cs = clients.open(n);
        String dir = base + "/election";
        boolean[] closed = new boolean[n];
        AtomicBoolean[] leading = IntStream.range(0, n).mapToObj(i -> new AtomicBoolean()).toArray(AtomicBoolean[]::new);
        AtomicInteger doubleLeaders = new AtomicInteger();
        List<LeaderElection> elections = new ArrayList<>();
        List<CompletableFuture<ElectionState.Leading>> firstLead = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int me = i;
            Client c = cs.get(i);
            elections.add(new LeaderElection(c.zk(), c.states(), dir, c.id(), state -> {
                leading[me].set(state instanceof ElectionState.Leading);
                if (state instanceof ElectionState.Leading) {
                    synchronized (closed) {
                        long live = IntStream.range(0, n).filter(j -> !closed[j] && leading[j].get()).count();
                        if (live > 1) {
                            doubleLeaders.incrementAndGet();
                        }
                    }
                }
            }));
        }
        for (LeaderElection election : elections) {
            firstLead.add(election.start().toCompletableFuture());
        }

        int leader = awaitOneLeader(elections, firstLead, closed);
        ElectionState.Leading first = firstLead.get(leader).getNow(null);
        assertThat(eventually(() -> IntStream.range(0, n).filter(i -> i != leader).allMatch(i ->
                elections.get(i).state() instanceof ElectionState.Following following
                        && first.node().endsWith(following.leader())))).as("followers name the leader").isTrue();
        assertThat(ack(cs.get(leader), dir)).isEqualTo(elections.get(leader).node().orElseThrow().substring(dir.length() + 1));

        synchronized (closed) {
            closed[leader] = true;
        }
        RealClients.close(cs.get(leader));
        int next = awaitOneLeader(elections, firstLead, closed);
        assertThat(next).isNotEqualTo(leader);
        ElectionState.Leading second = firstLead.get(next).getNow(null);
        assertThat(second.epoch()).isGreaterThan(first.epoch());
        assertThat(ack(cs.get(next), dir)).isEqualTo(elections.get(next).node().orElseThrow().substring(dir.length() + 1));
        assertThat(IntStream.range(0, n).filter(i -> !closed[i] && elections.get(i).isLeading()).count()).isEqualTo(1);
        assertThat(doubleLeaders).hasValue(0);
    }

    /** Waits until exactly one live candidate's first leadership has come; returns its index. */
    private static int awaitOneLeader(List<LeaderElection> elections, List<CompletableFuture<ElectionState.Leading>> leads,
            boolean[] closed) throws InterruptedException {
        AtomicInteger found = new AtomicInteger(-1);
        assertThat(eventually(() -> {
            for (int i = 0; i < elections.size(); i++) {
                synchronized (closed) {
                    if (!closed[i] && leads.get(i).isDone() && elections.get(i).isLeading()) {
                        found.set(i);
                        return true;
                    }
                }
            }
            return false;
        })).as("a leader within %s", WAIT).isTrue();
        pause(100);
        long live = IntStream.range(0, elections.size()).filter(i -> !closed[i] && elections.get(i).isLeading()).count();
        assertThat(live).as("exactly one live leader").isEqualTo(1);
        return found.get();
    }

    private static String ack(Client client, String dir) throws KeeperException {
        Blocking.await(client.zk().sync(dir), WAIT);
        byte[] data = Blocking.await(client.zk().getData(dir + "/leader", false), WAIT).data();
        return new String(data, StandardCharsets.UTF_8);
    }

    // ---- barriers ----

    /** Four waiters at a raised barrier: none passes until the coordinator lifts it, then all do. */
    @Test
    void barrierLetsNobodyPassBeforeItIsLifted() throws Exception {
        List<Client> cs = clients.open(5);
        String path = mkdir(cs.getFirst().zk(), base) + "/b";
        BlockingBarrier coordinator = new BlockingBarrier(cs.getFirst().zk(), path);
        coordinator.raise(WAIT);
        AtomicBoolean lifted = new AtomicBoolean();
        AtomicInteger early = new AtomicInteger();
        AtomicInteger passed = new AtomicInteger();
        CountDownLatch waiting = new CountDownLatch(4);

        concurrently(5, i -> {
            if (i == 4) {
                // The coordinator lifts once every waiter is at the barrier and nobody has passed.
                assertThat(waiting.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
                pause(300);
                assertThat(passed).as("nobody passed the raised barrier").hasValue(0);
                lifted.set(true);
                coordinator.lift(WAIT);
                return;
            }
            Client c = cs.get(i + 1);
            awaitExists(c.zk(), path);
            waiting.countDown();
            new BlockingBarrier(c.zk(), path).awaitLifted(WAIT);
            if (!lifted.get()) {
                early.incrementAndGet();
            }
            passed.incrementAndGet();
        });
        assertThat(early).hasValue(0);
        assertThat(passed).hasValue(4);
    }

    /**
     * Four participants with threshold four enter and leave at staggered times: none
     * leaves enter before all four are entering, and none leaves leave before all four
     * are leaving.
     */
    @Test
    void doubleBarrierLetsNobodyInBeforeAllEnterNorOutBeforeAllLeave() throws Exception {
        int n = 4;
        List<Client> cs = clients.open(n);
        String path = mkdir(cs.getFirst().zk(), base) + "/db";
        AtomicInteger entering = new AtomicInteger();
        AtomicInteger leaving = new AtomicInteger();
        List<String> violations = Collections.synchronizedList(new ArrayList<>());

        concurrently(n, i -> {
            Client c = cs.get(i);
            BlockingDoubleBarrier barrier = new BlockingDoubleBarrier(c.zk(), path, "p" + i, n);
            pause(60L * i);
            entering.incrementAndGet();
            barrier.enter(WAIT);
            if (entering.get() != n) {
                violations.add("p" + i + " entered with " + entering.get() + " entering");
            }
            pause(60L * (n - i));
            leaving.incrementAndGet();
            barrier.leave(WAIT);
            if (leaving.get() != n) {
                violations.add("p" + i + " left with " + leaving.get() + " leaving");
            }
        });
        assertThat(violations).isEmpty();
    }

    // ---- queues ----

    /**
     * Three producers enqueue twenty items each while two consumers take: every item is
     * taken exactly once, and each consumer sees each producer's items in the order they
     * were enqueued. Each consumer stops at a stop item enqueued after all the others.
     */
    @Test
    void fifoQueueLosesAndDuplicatesNothingAndKeepsProducerOrder() throws Exception {
        int producers = 3;
        int consumers = 2;
        int items = 20;
        List<Client> cs = clients.open(producers + consumers);
        String path = mkdir(cs.getFirst().zk(), base) + "/q";
        new BlockingQueue(cs.getFirst().zk(), path, cs.getFirst().id()).ensure(WAIT);
        for (Client c : cs) {
            awaitExists(c.zk(), path);
        }
        List<List<String>> taken = IntStream.range(0, consumers)
                .mapToObj(i -> Collections.synchronizedList(new ArrayList<String>())).toList();
        AtomicInteger producing = new AtomicInteger(producers);

        concurrently(producers + consumers, i -> {
            Client c = cs.get(i);
            BlockingQueue queue = new BlockingQueue(c.zk(), path, c.id());
            if (i < producers) {
                for (int k = 0; k < items; k++) {
                    queue.offer(text("p" + i + "-" + k), WAIT);
                }
                if (producing.decrementAndGet() == 0) {
                    for (int s = 0; s < consumers; s++) {
                        queue.offer(text("stop"), WAIT);
                    }
                }
            } else {
                while (true) {
                    String item = text(queue.take(WAIT).data());
                    if (item.equals("stop")) {
                        break;
                    }
                    taken.get(i - producers).add(item);
                }
            }
        });

        List<String> all = new ArrayList<>();
        taken.forEach(all::addAll);
        assertThat(all).doesNotHaveDuplicates().hasSize(producers * items);
        for (List<String> seen : taken) {
            for (int p = 0; p < producers; p++) {
                String prefix = "p" + p + "-";
                List<Integer> order = seen.stream().filter(s -> s.startsWith(prefix))
                        .map(s -> Integer.parseInt(s.substring(prefix.length()))).toList();
                assertThat(order).as("producer %d's items as one consumer took them", p).isSorted();
            }
        }
    }

    /**
     * A backlog of items with mixed priorities, then two consumers take ten each: each
     * consumer takes in priority order (most urgent first), FIFO within a priority.
     */
    @Test
    void priorityQueueTakesABacklogInPriorityOrder() throws Exception {
        List<Client> cs = clients.open(3);
        String path = mkdir(cs.getFirst().zk(), base) + "/pq";
        BlockingPriorityQueue producer = new BlockingPriorityQueue(cs.getFirst().zk(), path, cs.getFirst().id());
        producer.ensure(WAIT);
        int[] priorities = {7, 3, 42, 3, 0, 99, 7, 15, 0, 42, 1, 3, 99, 5, 7, 2, 0, 15, 8, 1};
        for (int k = 0; k < priorities.length; k++) {
            producer.offer(text(String.format("%02d-%02d", priorities[k], k)), priorities[k], WAIT);
        }
        Blocking.await(cs.get(1).zk().sync(path), WAIT);
        Blocking.await(cs.get(2).zk().sync(path), WAIT);
        List<List<String>> taken = List.of(Collections.synchronizedList(new ArrayList<>()),
                Collections.synchronizedList(new ArrayList<>()));

        concurrently(2, i -> {
            Client c = cs.get(i + 1);
            BlockingPriorityQueue queue = new BlockingPriorityQueue(c.zk(), path, c.id());
            for (int k = 0; k < priorities.length / 2; k++) {
                taken.get(i).add(text(queue.take(WAIT).data()));
            }
        });

        List<String> all = new ArrayList<>(taken.get(0));
        all.addAll(taken.get(1));
        assertThat(all).doesNotHaveDuplicates().hasSize(priorities.length);
        // "PP-KK": priority, then enqueue order, so string order is the required take order.
        assertThat(taken.get(0)).isSorted();
        assertThat(taken.get(1)).isSorted();
    }

    // ---- two-phase commit ----

    /**
     * Three sites vote on two transactions, each site on its own handle: all yes commits
     * everywhere; one no aborts everywhere. Coordinator and sites always agree.
     */
    @Test
    void twoPhaseCommitAgreesAndAbortsOnANoVote() throws Exception {
        List<Client> cs = clients.open(4);
        mkdir(cs.getFirst().zk(), base);
        assertThat(runTransaction(cs, base + "/tx-yes", List.of(true, true, true)))
                .containsOnly(Outcome.COMMIT).hasSize(4);
        assertThat(runTransaction(cs, base + "/tx-no", List.of(true, false, true)))
                .containsOnly(Outcome.ABORT).hasSize(4);
    }

    /** The coordinator's outcome followed by every site's. */
    private static List<Outcome> runTransaction(List<Client> cs, String tx, List<Boolean> votes) throws Exception {
        List<String> sites = IntStream.range(0, votes.size()).mapToObj(i -> "s" + i).toList();
        var decided = new TwoPhaseCoordinator(cs.getFirst().zk(), tx, sites).start();
        Outcome[] outcomes = new Outcome[votes.size()];
        concurrently(votes.size(), i -> {
            Client c = cs.get(i + 1);
            awaitExists(c.zk(), tx + "/vote-" + sites.get(i));
            outcomes[i] = Blocking.await(new TwoPhaseSite(c.zk(), tx, sites.get(i), true).vote(votes.get(i)), WAIT);
        });
        List<Outcome> all = new ArrayList<>();
        all.add(Blocking.await(decided, WAIT));
        all.addAll(List.of(outcomes));
        return all;
    }

    // ---- group membership ----

    /**
     * Four members join a group, each also watching the group's view: every view converges
     * to all four. One member's handle closes: the other views converge to the three left.
     */
    @Test
    void groupMembershipViewsConverge() throws Exception {
        int n = 4;
        List<Client> cs = clients.open(n);
        String group = mkdir(cs.getFirst().zk(), base + "-group");
        List<AtomicReference<List<String>>> views = new ArrayList<>();
        List<GroupView> watchers = new ArrayList<>();
        for (Client c : cs) {
            AtomicReference<List<String>> view = new AtomicReference<>(List.of());
            views.add(view);
            GroupView watcher = new GroupView(c.zk(), group, changed -> view.set(changed.view()));
            watchers.add(watcher);
        }
        List<GroupMember> members = new ArrayList<>();
        concurrently(n, i -> {
            Client c = cs.get(i);
            awaitExists(c.zk(), group);
            watchers.get(i).start();
            GroupMember member = new GroupMember(c.zk(), group, "m" + i, text("host-" + i), c.states(), state -> { });
            synchronized (members) {
                members.add(member);
            }
            Blocking.await(member.join(), WAIT);
            assertThat(member.state()).isEqualTo(HolderState.HELD);
        });
        List<String> everyone = List.of("m0", "m1", "m2", "m3");
        assertThat(eventually(() -> views.stream().allMatch(v -> v.get().equals(everyone))))
                .as("every view shows all four members: %s", views).isTrue();

        RealClients.close(cs.get(3));
        List<String> left = List.of("m0", "m1", "m2");
        assertThat(eventually(() -> views.subList(0, 3).stream().allMatch(v -> v.get().equals(left))))
                .as("every remaining view drops the closed member: %s", views).isTrue();
        watchers.subList(0, 3).forEach(GroupView::stop);
    }

    // ---- configuration ----

    /**
     * A writer republishes a five-key configuration ten times while three readers on other
     * handles follow it: no reader ever reports a configuration mixing two publications,
     * each reader's versions only grow, and every reader ends on the last publication.
     */
    @Test
    void configurationReadersNeverSeeAPartialConfig() throws Exception {
        List<Client> cs = clients.open(4);
        String path = mkdir(cs.getFirst().zk(), base + "-config");
        ConfigWriter writer = new ConfigWriter(cs.getFirst().zk(), path);
        Blocking.await(writer.publish(generation(0)), WAIT);
        List<String> violations = Collections.synchronizedList(new ArrayList<>());
        List<AtomicReference<Config>> latest = new ArrayList<>();
        List<ConfigReader> readers = new ArrayList<>();
        for (int r = 1; r <= 3; r++) {
            AtomicReference<Config> last = new AtomicReference<>();
            latest.add(last);
            String name = "reader" + r;
            readers.add(new ConfigReader(cs.get(r).zk(), path, config -> {
                List<String> values = config.entries().keySet().stream().map(config::text).distinct().toList();
                if (config.entries().size() != 5 || values.size() != 1) {
                    violations.add(name + " saw a partial configuration " + config);
                }
                Config before = last.getAndSet(config);
                if (before != null && before.version() >= config.version()) {
                    violations.add(name + " went back from " + before.version() + " to " + config.version());
                }
            }));
        }
        readers.forEach(ConfigReader::start);
        for (int g = 1; g <= 10; g++) {
            Blocking.await(writer.publish(generation(g)), WAIT);
        }
        assertThat(eventually(() -> latest.stream().allMatch(last ->
                last.get() != null && "10".equals(last.get().text("key0"))))).as("readers reach the last publication").isTrue();
        readers.forEach(ConfigReader::stop);
        assertThat(violations).isEmpty();
    }

    private static Map<String, byte[]> generation(int number) {
        Map<String, byte[]> entries = new TreeMap<>();
        for (int k = 0; k < 5; k++) {
            entries.put("key" + k, text(Integer.toString(number)));
        }
        return entries;
    }

    // ---- rendezvous ----

    /**
     * A client creates the rendezvous node and waits; three workers on other handles race
     * to publish their addresses: exactly one publication lands, the others fail with
     * BadVersion, and the client proceeds exactly once, with the winner's address.
     */
    @Test
    void rendezvousDeliversExactlyOnePublishedAddress() throws Exception {
        List<Client> cs = clients.open(4);
        String path = mkdir(cs.getFirst().zk(), base) + "/r";
        Rendezvous client = new Rendezvous(cs.getFirst().zk(), path);
        Blocking.await(client.create(), WAIT);
        AtomicInteger proceeded = new AtomicInteger();
        var address = client.awaitAddress().whenComplete((a, e) -> proceeded.incrementAndGet());
        pause(50);
        assertThat(address.toCompletableFuture()).as("no address before any is published").isNotDone();

        ConcurrentLinkedQueue<String> won = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<KeeperException.Code> lost = new ConcurrentLinkedQueue<>();
        CyclicBarrier start = new CyclicBarrier(3);
        concurrently(3, i -> {
            Client worker = cs.get(i + 1);
            awaitExists(worker.zk(), path);
            BlockingRendezvous rendezvous = new BlockingRendezvous(worker.zk(), path);
            start.await(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            Throwable failure = catchThrowable(() -> rendezvous.publish(text("worker-" + i + ":2181"), WAIT));
            if (failure == null) {
                won.add("worker-" + i + ":2181");
            } else {
                assertThat(failure).isInstanceOf(KeeperException.class);
                lost.add(((KeeperException) failure).code());
            }
        });

        assertThat(won).hasSize(1);
        assertThat(lost).hasSize(2).containsOnly(KeeperException.Code.BADVERSION);
        assertThat(text(Blocking.await(address, WAIT))).isEqualTo(won.peek());
        pause(50);
        assertThat(proceeded).hasValue(1);
        assertThat(text(new BlockingRendezvous(cs.get(2).zk(), path).awaitAddress(WAIT))).isEqualTo(won.peek());
    }

    // ---- naming ----

    /** Four clients allocate ten names each at once: all forty names are distinct. */
    @Test
    void namingHandsOutUniqueNames() throws Exception {
        List<Client> cs = clients.open(4);
        String path = mkdir(cs.getFirst().zk(), base);
        ConcurrentLinkedQueue<UniqueName> names = new ConcurrentLinkedQueue<>();
        concurrently(4, i -> {
            Client c = cs.get(i);
            BlockingNameService service = new BlockingNameService(c.zk(), path, c.id());
            for (int k = 0; k < 10; k++) {
                names.add(service.allocate(text(c.id() + "-" + k), WAIT));
            }
        });
        assertThat(names).hasSize(40);
        assertThat(names.stream().map(UniqueName::sequence)).doesNotHaveDuplicates();
        assertThat(names.stream().map(UniqueName::path)).doesNotHaveDuplicates();
        assertThat(names).allSatisfy(name -> assertThat(name.path()).startsWith(path + "/"));
    }

    private static byte[] text(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}

package dev.zksim.official.conformance;

import dev.zksim.official.conformance.OfficialProgram.Kind;
import dev.zksim.official.conformance.OfficialProgram.Step;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.zookeeper.AddWatchMode;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.Transaction;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

/**
 * Runs an {@link OfficialProgram} through two org.apache.zookeeper.ZooKeeper handles and
 * writes down what a user could observe, normalized so that the simulated and the real side
 * compare: result codes, paths, data, the Stat fields that do not depend on zxids or clocks
 * (with the ephemeral owner named A or B), and each client's watch events in order.
 */
final class OfficialExecutor {
    private final ZooKeeper a;
    private final ZooKeeper b;
    private final List<String> log = new ArrayList<>();
    private final List<String> eventsA = Collections.synchronizedList(new ArrayList<>());
    private final List<String> eventsB = Collections.synchronizedList(new ArrayList<>());
    private final Watcher watcherA;
    private final Watcher watcherB;

    OfficialExecutor(ZooKeeper a, ZooKeeper b) {
        this.a = a;
        this.b = b;
        this.watcherA = event -> eventsA.add(event.getType() + " " + event.getPath());
        this.watcherB = event -> eventsB.add(event.getType() + " " + event.getPath());
    }

    /** Runs every step, then closes B (its ephemerals go) and reports the events seen. */
    List<String> run(OfficialProgram program) throws InterruptedException {
        for (Step step : program.steps()) {
            log.add(step + " -> " + execute(step));
        }
        drain(a);
        drain(b);
        log.add("events A " + comparable(List.copyOf(eventsA)));
        log.add("events B " + comparable(List.copyOf(eventsB)));
        int before = eventsA.size();
        b.close();
        drain(a);
        // Closing B deletes its ephemerals in one transaction, in an order ZooKeeper leaves
        // open (the real server walks a hash set): those notifications compare as a set.
        List<String> afterClose = sortedCopy(eventsA.subList(before, eventsA.size()));
        log.add("events A after B closed, sorted " + afterClose);
        return log;
    }

    /** Waits until every event sent to this client before now has been delivered. */
    private static void drain(ZooKeeper zk) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        zk.sync("/", (rc, path, ctx) -> done.countDown(), null);
        done.await();
    }

    private String execute(Step step) throws InterruptedException {
        ZooKeeper zk = step.client().equals("A") ? a : b;
        Watcher watcher = step.watch() ? (zk == a ? watcherA : watcherB) : null;
        try {
            return switch (step.kind()) {
                case CREATE -> zk.create(step.path(), bytes(step), ZooDefs.Ids.OPEN_ACL_UNSAFE, step.mode());
                case CREATE2 -> {
                    Stat stat = new Stat();
                    String created = zk.create(step.path(), bytes(step), ZooDefs.Ids.OPEN_ACL_UNSAFE, step.mode(), stat);
                    yield created + " " + stat(stat);
                }
                // As in the generator, sequential nodes only below the nodes a program owns: the
                // real server's root keeps its child counter across programs.
                case CREATE_TTL -> zk.create(step.path(), bytes(step), ZooDefs.Ids.OPEN_ACL_UNSAFE,
                        step.watch() || step.path().lastIndexOf('/') == 0 ? CreateMode.PERSISTENT_WITH_TTL
                                : CreateMode.PERSISTENT_SEQUENTIAL_WITH_TTL,
                        new Stat(), 60_000);
                case ADD_WATCH -> {
                    zk.addWatch(step.path(), zk == a ? watcherA : watcherB, watchMode(step));
                    yield "ok";
                }
                case DELETE -> {
                    zk.delete(step.path(), step.version());
                    yield "ok";
                }
                case SET_DATA -> stat(zk.setData(step.path(), bytes(step), step.version()));
                case EXISTS -> stat(zk.exists(step.path(), watcher));
                case GET_DATA -> {
                    Stat stat = new Stat();
                    yield text(zk.getData(step.path(), watcher, stat)) + " " + stat(stat);
                }
                case GET_CHILDREN -> sorted(zk.getChildren(step.path(), watcher)).toString();
                case GET_CHILDREN2 -> {
                    Stat stat = new Stat();
                    yield sorted(zk.getChildren(step.path(), watcher, stat)) + " " + stat(stat);
                }
                case MULTI -> results(zk.multi(ops(step)));
                case TRANSACTION -> results(transaction(zk, step).commit());
                case SYNC -> {
                    zk.sync(step.path());
                    yield "ok";
                }
                // ZooKeeper leaves the order of getEphemerals unspecified, so it is compared sorted.
                case GET_EPHEMERALS -> sorted(step.watch() ? zk.getEphemerals() : zk.getEphemerals(step.path())).toString();
                case ALL_CHILDREN_NUMBER -> String.valueOf(zk.getAllChildrenNumber(step.path()));
                case REMOVE_WATCHES -> {
                    zk.removeWatches(step.path(), zk == a ? watcherA : watcherB, watcherType(step), local(step));
                    yield "ok";
                }
                case REMOVE_ALL_WATCHES -> {
                    zk.removeAllWatches(step.path(), watcherType(step), local(step));
                    yield "ok";
                }
                default -> executeAsync(zk, step, watcher);
            };
        } catch (KeeperException e) {
            // The message too: code that logs or parses it, or reads getPath(), sees it.
            return "ERR " + e.code() + " " + e.getMessage()
                    + (e.getResults() == null ? "" : " " + results(e.getResults()));
        }
    }

    private String executeAsync(ZooKeeper zk, Step step, Watcher watcher) throws InterruptedException {
        AtomicReference<String> outcome = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        String path = step.path();
        switch (step.kind()) {
            case CREATE_ASYNC -> zk.create(path, bytes(step), ZooDefs.Ids.OPEN_ACL_UNSAFE, step.mode(),
                    (rc, p, ctx, name) -> finish(outcome, done, rc, p + " " + name), null);
            case CREATE2_ASYNC -> zk.create(path, bytes(step), ZooDefs.Ids.OPEN_ACL_UNSAFE, step.mode(),
                    (rc, p, ctx, name, stat) -> finish(outcome, done, rc, p + " " + name + " " + stat(stat)), null);
            case DELETE_ASYNC -> zk.delete(path, step.version(), (rc, p, ctx) -> finish(outcome, done, rc, p), null);
            case SET_DATA_ASYNC -> zk.setData(path, bytes(step), step.version(),
                    (rc, p, ctx, stat) -> finish(outcome, done, rc, p + " " + stat(stat)), null);
            case EXISTS_ASYNC -> zk.exists(path, watcher,
                    (rc, p, ctx, stat) -> finish(outcome, done, rc, p + " " + stat(stat)), null);
            case GET_DATA_ASYNC -> zk.getData(path, watcher,
                    (rc, p, ctx, data, stat) -> finish(outcome, done, rc, p + " " + text(data) + " " + stat(stat)), null);
            case GET_CHILDREN_ASYNC -> zk.getChildren(path, watcher, (rc, p, ctx, children, stat) -> finish(outcome,
                    done, rc, p + " " + (children == null ? null : sorted(children)) + " " + stat(stat)), null);
            case MULTI_ASYNC -> zk.multi(ops(step), (rc, p, ctx, results) -> finish(outcome, done, rc,
                    p + " " + (results == null ? null : results(results))), null);
            case ADD_WATCH_ASYNC -> zk.addWatch(path, zk == a ? watcherA : watcherB, watchMode(step),
                    (rc, p, ctx) -> finish(outcome, done, rc, p), null);
            case REMOVE_WATCHES_ASYNC -> zk.removeWatches(path, zk == a ? watcherA : watcherB, watcherType(step),
                    local(step), (rc, p, ctx) -> finish(outcome, done, rc, p), null);
            case REMOVE_ALL_WATCHES_ASYNC -> zk.removeAllWatches(path, watcherType(step), local(step),
                    (rc, p, ctx) -> finish(outcome, done, rc, p), null);
            case GET_EPHEMERALS_ASYNC -> zk.getEphemerals(path, (rc, ctx, paths) -> finish(outcome, done, rc,
                    String.valueOf(paths == null ? null : sorted(paths))), null);
            case ALL_CHILDREN_NUMBER_ASYNC -> zk.getAllChildrenNumber(path,
                    (rc, p, ctx, number) -> finish(outcome, done, rc, p + " " + number), null);
            default -> throw new IllegalArgumentException("not an asynchronous step: " + step);
        }
        done.await();
        return outcome.get();
    }

    /** The watcher type of a removal, spread over all five by the step's version and watch flag. */
    private static Watcher.WatcherType watcherType(Step step) {
        Watcher.WatcherType[] types = Watcher.WatcherType.values();
        return types[(step.version() + 1 + (step.watch() ? 4 : 0)) % types.length];
    }

    /** A quarter of the removals may remove locally. */
    private static boolean local(Step step) {
        return step.data().equals("d0");
    }

    /**
     * The events as compared: one removal can tell a Watcher of several kinds of watch, and
     * the official client groups those in a hash map, so each run of removal events on one
     * path compares sorted.
     */
    private static List<String> comparable(List<String> events) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < events.size()) {
            int end = i + 1;
            if (events.get(i).contains("WatchRemoved")) {
                String path = events.get(i).substring(events.get(i).indexOf(' '));
                while (end < events.size() && events.get(end).contains("WatchRemoved")
                        && events.get(end).endsWith(path)) {
                    end++;
                }
            }
            out.addAll(sortedCopy(events.subList(i, end)));
            i = end;
        }
        return out;
    }

    private static AddWatchMode watchMode(Step step) {
        return step.watch() ? AddWatchMode.PERSISTENT_RECURSIVE : AddWatchMode.PERSISTENT;
    }

    private static void finish(AtomicReference<String> outcome, CountDownLatch done, int rc, String value) {
        outcome.set("rc=" + KeeperException.Code.get(rc) + " " + value);
        done.countDown();
    }

    private static List<Op> ops(Step step) {
        List<Op> ops = new ArrayList<>();
        for (Step op : step.ops()) {
            ops.add(switch (op.kind()) {
                case CREATE -> Op.create(op.path(), bytes(op), ZooDefs.Ids.OPEN_ACL_UNSAFE, op.mode());
                case DELETE -> Op.delete(op.path(), op.version());
                case SET_DATA -> Op.setData(op.path(), bytes(op), op.version());
                case CHECK -> Op.check(op.path(), op.version());
                case CREATE_TTL -> Op.create(op.path(), bytes(op), ZooDefs.Ids.OPEN_ACL_UNSAFE,
                        CreateMode.PERSISTENT_WITH_TTL, 60_000);
                default -> throw new IllegalArgumentException("not a multi op: " + op);
            });
        }
        return ops;
    }

    private static Transaction transaction(ZooKeeper zk, Step step) {
        Transaction transaction = zk.transaction();
        for (Step op : step.ops()) {
            switch (op.kind()) {
                case CREATE -> transaction.create(op.path(), bytes(op), ZooDefs.Ids.OPEN_ACL_UNSAFE, op.mode());
                case DELETE -> transaction.delete(op.path(), op.version());
                case SET_DATA -> transaction.setData(op.path(), bytes(op), op.version());
                case CHECK -> transaction.check(op.path(), op.version());
                // A Transaction has no ttl form, so a TTL create step makes a plain node here.
                case CREATE_TTL -> transaction.create(op.path(), bytes(op), ZooDefs.Ids.OPEN_ACL_UNSAFE,
                        CreateMode.PERSISTENT);
                default -> throw new IllegalArgumentException("not a transaction op: " + op);
            }
        }
        return transaction;
    }

    private String results(List<OpResult> results) {
        List<String> out = new ArrayList<>();
        for (OpResult result : results) {
            out.add(switch (result) {
                case OpResult.CreateResult r -> "create " + r.getPath();
                case OpResult.DeleteResult r -> "delete";
                case OpResult.SetDataResult r -> "set " + stat(r.getStat());
                case OpResult.CheckResult r -> "check";
                case OpResult.ErrorResult r -> "error " + KeeperException.Code.get(r.getErr());
                default -> "other " + result.getType();
            });
        }
        return out.toString();
    }

    private String stat(Stat stat) {
        if (stat == null) {
            return "null";
        }
        long owner = stat.getEphemeralOwner();
        String ownerName = owner == 0 ? "-" : owner == a.getSessionId() ? "A" : owner == b.getSessionId() ? "B" : "?";
        return "{v=" + stat.getVersion() + " cv=" + stat.getCversion() + " av=" + stat.getAversion() + " len="
                + stat.getDataLength() + " kids=" + stat.getNumChildren() + " owner=" + ownerName + " fresh="
                + (stat.getCzxid() == stat.getMzxid()) + "}";
    }

    private static byte[] bytes(Step step) {
        return step.data().getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] data) {
        return data == null ? "null" : new String(data, StandardCharsets.UTF_8);
    }

    /**
     * Sorts the list the client returned in place, as users' code does
     * ({@code Collections.sort(children)}): the real client's list is mutable, so a simulated
     * one that is not differs from ZooKeeper here.
     */
    private static List<String> sorted(List<String> children) {
        Collections.sort(children);
        return children;
    }

    private static List<String> sortedCopy(List<String> events) {
        List<String> copy = new ArrayList<>(events);
        Collections.sort(copy);
        return copy;
    }
}

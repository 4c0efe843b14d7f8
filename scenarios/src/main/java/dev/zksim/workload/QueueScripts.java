package dev.zksim.workload;

import dev.zksim.api.Watcher;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.queue.DistributedQueue;
import dev.zksim.recipes.priorityqueue.DistributedPriorityQueue;
import dev.zksim.recipes.support.ConnectionState;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * Queue producers and consumers. An item's id is "producer-n", carried as the node's data;
 * with priorities the history value is (id, priority), as the queue checker expects. A
 * producer never re-offers an item after an unknown outcome: it moves on to a new id, so
 * every id is enqueued at most once and a duplicate in the history is the recipe's.
 */
public final class QueueScripts {
    private static final String PATH = "/queue";

    private QueueScripts() {
    }

    /** The queue operations a script needs, for the FIFO and the priority queue alike. */
    interface Queue {
        CompletionStage<Void> ensure();

        CompletionStage<Void> offer(byte[] data, int priority);

        CompletionStage<DistributedQueue.Item> take();
    }

    static Queue fifo(ScriptClient.Session session) {
        return fifo(session, PATH);
    }

    static Queue fifo(ScriptClient.Session session, String path) {
        DistributedQueue queue = new DistributedQueue(session.zk(), path, session.guid());
        return new Queue() {
            public CompletionStage<Void> ensure() {
                return queue.ensure();
            }

            public CompletionStage<Void> offer(byte[] data, int priority) {
                return queue.offer(data);
            }

            public CompletionStage<DistributedQueue.Item> take() {
                return queue.take();
            }
        };
    }

    static Queue priority(ScriptClient.Session session) {
        DistributedPriorityQueue queue = new DistributedPriorityQueue(session.zk(), PATH, session.guid());
        return new Queue() {
            public CompletionStage<Void> ensure() {
                return queue.ensure();
            }

            public CompletionStage<Void> offer(byte[] data, int priority) {
                return queue.offer(data, priority);
            }

            public CompletionStage<DistributedQueue.Item> take() {
                return queue.take();
            }
        };
    }

    /** Offers {@code items} items, one at a time with a think time; priorities 0..9 if asked. */
    public static ScriptClient.Script producer(int items, boolean priorities) {
        int[] produced = {0};
        return session -> {
            Queue queue = priorities ? priority(session) : fifo(session);
            ensured(session, queue, () -> produce(session, queue, items, priorities, produced));
        };
    }

    /** Creates the queue nodes (again after a failure) before the script starts. */
    static void ensured(ScriptClient.Session session, Queue queue, Runnable then) {
        queue.ensure().whenComplete((ok, error) -> {
            if (error == null) {
                then.run();
            } else if (session.states().current() != ConnectionState.LOST) {
                session.after(Time.millis(50), () -> ensured(session, queue, then));
            }
        });
    }

    private static void produce(ScriptClient.Session session, Queue queue, int items, boolean priorities, int[] produced) {
        if (produced[0] >= items || session.states().current() == ConnectionState.LOST) {
            return;
        }
        String id = session.context().id() + "-" + produced[0]++;
        int priority = priorities ? session.context().choices().intIn(0, 9) : 0;
        Value value = priorities ? Value.tuple(Value.of(id), Value.of(priority)) : Value.of(id);
        session.record(OpKind.ENQUEUE, value, queue.offer(id.getBytes(StandardCharsets.UTF_8), priority), ok -> value,
                ok -> session.after(session.context().choices().longIn(0, Time.millis(30)),
                        () -> produce(session, queue, items, priorities, produced)));
    }

    /** Takes items for as long as its session lives. */
    public static ScriptClient.Script consumer(boolean priorities) {
        return consumer(priorities, PATH);
    }

    /** Takes items from the queue at {@code path} for as long as its session lives. */
    static ScriptClient.Script consumer(boolean priorities, String path) {
        return session -> {
            session.states().subscribe(state -> {
                if (state == ConnectionState.LOST) {
                    session.log().notify(OpKind.LOST);
                }
            });
            Function<DistributedQueue.Item, Value> value = item -> itemValue(item, priorities);
            Queue queue = priorities ? priority(session) : fifo(session, path);
            ensured(session, queue, () -> consume(session, queue, value));
        };
    }

    private static void consume(ScriptClient.Session session, Queue queue, Function<DistributedQueue.Item, Value> value) {
        if (session.states().current() == ConnectionState.LOST) {
            return;
        }
        session.record(OpKind.DEQUEUE, Value.NONE, queue.take(), value,
                item -> session.after(session.context().choices().longIn(0, Time.millis(20)),
                        () -> consume(session, queue, value)));
    }

    /** The priority is the two digits after "queue-" in the item's node name. */
    static Value itemValue(DistributedQueue.Item item, boolean priorities) {
        Value id = Value.of(new String(item.data(), StandardCharsets.UTF_8));
        if (!priorities) {
            return id;
        }
        String name = item.name().substring(item.name().lastIndexOf('/') + 1);
        int at = name.indexOf("queue-") + "queue-".length();
        return Value.tuple(id, Value.of(Integer.parseInt(name.substring(at, at + 2))));
    }

    /**
     * CANARY, BROKEN ON PURPOSE: a consumer that lists the queue with a watch, reads the
     * lowest item and deletes it with version -1 without looking at the answer. Consumers
     * woken by the same new item race for it; the losers' deletes fail with NoNode, yet each
     * reports the item as its own.
     */
    public static ScriptClient.Script uncheckedConsumer() {
        return session -> new UncheckedConsumer(session).take();
    }

    /** The broken consumer of one session; the watcher is one object so it registers once. */
    private static final class UncheckedConsumer {
        private final ScriptClient.Session session;
        private final Watcher wake = event -> wake();
        private boolean idle;

        UncheckedConsumer(ScriptClient.Session session) {
            this.session = session;
        }

        private void wake() {
            if (idle) {
                idle = false;
                take();
            }
        }

        void take() {
            if (session.states().current() == ConnectionState.LOST) {
                return;
            }
            session.zk().getChildren(PATH, wake).whenComplete((children, error) -> {
                List<String> items = children == null ? List.of()
                        : children.stream().filter(name -> name.startsWith("queue-")).sorted().toList();
                if (items.isEmpty()) {
                    idle = error == null;
                    if (error != null) {
                        session.after(Time.millis(20), this::take);
                    }
                    return;
                }
                claim(PATH + "/" + items.getFirst());
            });
        }

        private void claim(String node) {
            ClientLog.Call call = session.log().invoke(OpKind.DEQUEUE);
            session.zk().getData(node, false).whenComplete((data, error) -> {
                if (error == null) {
                    session.zk().delete(node, -1);
                    call.ok(Value.of(new String(data.data(), StandardCharsets.UTF_8)));
                } else {
                    call.fail(Workloads.describe(error));
                }
                take();
            });
        }
    }
}

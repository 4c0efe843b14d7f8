package dev.zksim.workload;

import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import dev.zksim.kernel.Time;
import dev.zksim.recipes.queue.DistributedQueue;
import dev.zksim.recipes.support.ConnectionState;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * The queue pieces of the mixed lock-and-queue scenario: a FIFO queue on a script's session
 * and a consumer. An item's id is carried as the node's data; with priorities the history
 * value is (id, priority), as the queue checker expects. The queue scenarios themselves use
 * the testkit's {@link QueueWorkload}.
 */
public final class QueueScripts {
    private QueueScripts() {
    }

    /** The queue operations a script needs. */
    interface Queue {
        CompletionStage<Void> ensure();

        CompletionStage<Void> offer(byte[] data, int priority);

        CompletionStage<DistributedQueue.Item> take();
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

    /** Takes items from the queue at {@code path} for as long as its session lives. */
    static ScriptClient.Script consumer(boolean priorities, String path) {
        return session -> {
            session.states().subscribe(state -> {
                if (state == ConnectionState.LOST) {
                    session.log().notify(OpKind.LOST);
                }
            });
            Function<DistributedQueue.Item, Value> value = item -> itemValue(item, priorities);
            Queue queue = fifo(session, path);
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
}

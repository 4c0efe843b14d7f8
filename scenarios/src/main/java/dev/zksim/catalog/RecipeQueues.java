package dev.zksim.catalog;

import dev.zksim.api.KeeperException;
import dev.zksim.recipes.priorityqueue.DistributedPriorityQueue;
import dev.zksim.recipes.queue.DistributedQueue;
import dev.zksim.recipes.queue.LockingQueue;
import dev.zksim.recipes.support.ConnectionState;
import dev.zksim.testkit.QueueUnderTest;
import dev.zksim.testkit.TestClient;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * zksim's FIFO and priority queues as the testkit's {@link QueueUnderTest}, and the canary
 * consumer that deletes without checking that it won.
 */
public final class RecipeQueues {
    static final String PATH = "/queue";

    private RecipeQueues() {
    }

    /** zksim's FIFO queue (exactly once). */
    public static QueueUnderTest.Factory fifo() {
        return client -> new Handle(client, false, false);
    }

    /** zksim's priority queue (exactly once). */
    public static QueueUnderTest.Factory priority() {
        return client -> new Handle(client, true, false);
    }

    /**
     * CANARY, BROKEN ON PURPOSE: zksim's FIFO queue behind a handle that reports a given-up
     * take as cancelled at once, even while the recipe's claim of an item is in flight. When
     * that claim wins, the item's node is gone and nobody ever delivers it.
     */
    public static QueueUnderTest.Factory hastyCancelCanary() {
        return client -> new Handle(client, false, true);
    }

    /**
     * zksim's queue whose consumers lock each item while they process it ({@link LockingQueue}):
     * at least once, best-effort FIFO order.
     */
    public static QueueUnderTest.Factory locking() {
        return client -> new LockingHandle(client, false);
    }

    /**
     * CANARY, BROKEN ON PURPOSE: the locking queue behind a handle that removes each item as
     * soon as it is taken, before its consumer processed it, to spare the later delete. A
     * consumer that loses its session while processing then loses the item: nobody ever
     * processes it. When items are handed back as processed at once, nothing is lost.
     */
    public static QueueUnderTest.Factory removesAtTakeCanary() {
        return client -> new LockingHandle(client, true);
    }

    /**
     * One client's handle on the locking queue: per session, a {@link DistributedQueue} to
     * offer (exactly once) and a {@link LockingQueue} to take, with an id unique to the
     * session. It remembers which node each taken item's text came from, for {@code processed}.
     */
    private static final class LockingHandle implements QueueUnderTest {
        private final TestClient client;
        private final boolean removesAtTake;
        private final Map<String, String> nodes = new LinkedHashMap<>();
        private DistributedQueue producer;
        private LockingQueue consumer;
        private CompletableFuture<String> waiting;
        private int sessions;
        private boolean ensured;

        LockingHandle(TestClient client, boolean removesAtTake) {
            this.client = client;
            this.removesAtTake = removesAtTake;
            client.connection().subscribe(state -> {
                if (state == ConnectionState.LOST) {
                    producer = null;
                    consumer = null;
                    nodes.clear();
                    if (waiting != null) {
                        waiting.completeExceptionally(KeeperException.create(KeeperException.Code.SESSIONEXPIRED, PATH));
                    }
                }
            });
        }

        /**
         * The session's recipe objects, made on first use in a session, and the nodes ensured
         * until that succeeds once. An ensure can fail (its retries run out while the client
         * stays cut off); the nodes are then still missing, and a handle that counted them as
         * made would fail every later take with NoNode.
         */
        private CompletionStage<Void> session() {
            if (consumer == null) {
                String id = client.uniqueName() + "s" + ++sessions;
                producer = new DistributedQueue(client.zk(), PATH, id);
                consumer = new LockingQueue(client.zk(), PATH, id);
                ensured = false;
            }
            if (ensured) {
                return CompletableFuture.completedFuture(null);
            }
            LockingQueue takes = consumer;
            return producer.ensure().thenCompose(ok -> takes.ensure()).thenRun(() -> {
                if (takes == consumer) {
                    ensured = true;
                }
            });
        }

        @Override
        public CompletionStage<Void> offer(String item, int priority) {
            return session().thenCompose(ok -> producer.offer(item.getBytes(StandardCharsets.UTF_8)));
        }

        @Override
        public CompletionStage<String> take() {
            CompletableFuture<String> result = new CompletableFuture<>();
            waiting = result;
            session().thenCompose(ok -> consumer.take()).whenComplete((item, error) -> {
                if (error != null) {
                    result.completeExceptionally(error);
                    return;
                }
                String text = new String(item.data(), StandardCharsets.UTF_8);
                nodes.put(text, item.name());
                if (removesAtTake) {
                    consumer.processed(item.name());
                }
                result.complete(text);
            });
            return result;
        }

        @Override
        public boolean locksWhileProcessing() {
            return true;
        }

        @Override
        public CompletionStage<Void> processed(String item) {
            String node = nodes.remove(item);
            if (node == null || consumer == null || removesAtTake) {
                return CompletableFuture.completedFuture(null);
            }
            return consumer.processed(node);
        }
    }

    /** The queue operations of either recipe. */
    private interface Recipe {
        CompletionStage<Void> ensure();

        CompletionStage<Void> offer(byte[] data, int priority);

        CompletionStage<DistributedQueue.Item> take();

        void cancelTake();
    }

    /**
     * One client's handle. The recipes' ledger needs an id unique per session, so each session
     * gets its own recipe object; a take still waiting when the session is lost fails with
     * SESSIONEXPIRED, as a call on the dead handle would.
     */
    private static final class Handle implements QueueUnderTest {
        private final TestClient client;
        private final boolean priorities;
        private final boolean hastyCancel;
        private Recipe recipe;
        private boolean ensured;
        private int sessions;
        private CompletableFuture<String> waiting;
        private CompletionStage<DistributedQueue.Item> current;
        private CompletionStage<DistributedQueue.Item> abandoned;

        Handle(TestClient client, boolean priorities, boolean hastyCancel) {
            this.hastyCancel = hastyCancel;
            this.client = client;
            this.priorities = priorities;
            client.connection().subscribe(state -> {
                if (state == ConnectionState.LOST) {
                    recipe = null;
                    if (waiting != null) {
                        waiting.completeExceptionally(KeeperException.create(KeeperException.Code.SESSIONEXPIRED, PATH));
                    }
                }
            });
        }

        private Recipe recipe() {
            if (recipe == null) {
                String id = client.uniqueName() + "s" + (++sessions);
                if (priorities) {
                    DistributedPriorityQueue queue = new DistributedPriorityQueue(client.zk(), PATH, id);
                    recipe = new Recipe() {
                        public CompletionStage<Void> ensure() {
                            return queue.ensure();
                        }

                        public CompletionStage<Void> offer(byte[] data, int priority) {
                            return queue.offer(data, priority);
                        }

                        public CompletionStage<DistributedQueue.Item> take() {
                            return queue.take();
                        }

                        public void cancelTake() {
                            queue.cancelTake();
                        }
                    };
                } else {
                    DistributedQueue queue = new DistributedQueue(client.zk(), PATH, id);
                    recipe = new Recipe() {
                        public CompletionStage<Void> ensure() {
                            return queue.ensure();
                        }

                        public CompletionStage<Void> offer(byte[] data, int priority) {
                            return queue.offer(data);
                        }

                        public CompletionStage<DistributedQueue.Item> take() {
                            return queue.take();
                        }

                        public void cancelTake() {
                            queue.cancelTake();
                        }
                    };
                }
            }
            return recipe;
        }

        /** The queue nodes are made once per handle, before its first operation. */
        private CompletionStage<Void> ensured() {
            if (ensured) {
                return CompletableFuture.completedFuture(null);
            }
            return recipe().ensure().thenRun(() -> ensured = true);
        }

        @Override
        public CompletionStage<Void> offer(String item, int priority) {
            return ensured().thenCompose(ok -> recipe().offer(item.getBytes(StandardCharsets.UTF_8), priority));
        }

        @Override
        public CompletionStage<String> take() {
            CompletableFuture<String> result = new CompletableFuture<>();
            waiting = result;
            // Only the canary abandons a recipe take; the next one starts once it is over.
            CompletionStage<?> before = abandoned == null ? CompletableFuture.completedFuture(null)
                    : abandoned.handle((item, error) -> null);
            abandoned = null;
            current = before.thenCompose(ok -> ensured()).thenCompose(ok -> recipe().take());
            current.whenComplete((item, error) -> {
                if (error != null) {
                    result.completeExceptionally(error);
                } else {
                    result.complete(new String(item.data(), StandardCharsets.UTF_8));
                }
            });
            return result;
        }

        @Override
        public void cancelTake() {
            if (recipe != null) {
                recipe.cancelTake();
            }
            if (hastyCancel && waiting != null && !waiting.isDone()) {
                // The canary's bug: the caller is told "nothing taken" whatever the recipe is
                // doing; the recipe's take goes on, and an item its claim wins is dropped.
                waiting.completeExceptionally(new CancellationException("given up"));
                abandoned = current;
            }
        }
    }

    /**
     * CANARY, BROKEN ON PURPOSE: offers as the FIFO queue does, but takes by listing the queue
     * with a watch, reading the lowest item and deleting it with version -1 without looking at
     * the answer. Consumers woken by the same new item race for it; the losers' deletes fail
     * with NoNode, yet each reports the item as its own.
     */
    public static QueueUnderTest.Factory uncheckedConsumerCanary() {
        return client -> {
            QueueUnderTest offers = new Handle(client, false, false);
            return new QueueUnderTest() {
                @Override
                public CompletionStage<Void> offer(String item, int priority) {
                    return offers.offer(item, priority);
                }

                @Override
                public CompletionStage<String> take() {
                    CompletableFuture<String> result = new CompletableFuture<>();
                    uncheckedTake(client, result);
                    return result;
                }
            };
        };
    }

    private static void uncheckedTake(TestClient client, CompletableFuture<String> result) {
        client.zk().getChildren(PATH, event -> uncheckedTake(client, result)).whenComplete((children, error) -> {
            if (result.isDone()) {
                return;
            }
            List<String> items = children == null ? List.of()
                    : children.stream().filter(name -> name.startsWith("queue-")).sorted().toList();
            if (error != null) {
                result.completeExceptionally(error);
            } else if (!items.isEmpty()) {
                String node = PATH + "/" + items.getFirst();
                client.zk().getData(node, false).whenComplete((data, failure) -> {
                    if (failure == null) {
                        client.zk().delete(node, -1);
                        result.complete(new String(data.data(), StandardCharsets.UTF_8));
                    } else {
                        result.completeExceptionally(failure);
                    }
                });
            }
        });
    }
}

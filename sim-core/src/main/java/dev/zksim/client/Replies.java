package dev.zksim.client;

import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.OpResult;
import dev.zksim.api.Stat;
import dev.zksim.api.ZooKeeperClient.ChildrenAndStat;
import dev.zksim.api.ZooKeeperClient.Created;
import dev.zksim.api.ZooKeeperClient.DataAndStat;
import dev.zksim.protocol.Response;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * Turns a call's outcome (code and reply body) into the value or the KeeperException its
 * stage completes with. A body of the wrong shape is a server bug, so it throws
 * IllegalStateException, which ends the simulation run loudly instead of hiding it.
 */
final class Replies {
    private Replies() {
    }

    /**
     * Maps an outcome to a value, or throws the KeeperException the call fails with. The
     * call's path is an argument, not captured, so that each decoder is one shared constant
     * instead of a new object for every call.
     */
    @FunctionalInterface
    interface Decoder<T> {
        T decode(String path, Code code, Response response) throws KeeperException;
    }

    /**
     * A call's future together with what its outcome means: the one object that carries a
     * client call from the API to its reply, where a future, a completion wrapping it and a
     * decoder capturing the path would be three for every call a recipe makes. Stages that
     * depend on it are plain {@link CompletableFuture}s ({@link #newIncompleteFuture} is not
     * overridden).
     *
     * <p>Nearly every call has exactly one dependent: the recipe's {@code whenComplete}. The
     * first such action, registered before any other dependent, is kept in a field instead of
     * on the future's stack of completions, and runs after that stack, which is where the
     * future itself would run it (its stack runs the latest registration first). Keeping it
     * aside spares the completion object and three of the five atomic updates the future
     * makes for it; the dependent stage completes as the future's own would, with the
     * action's exception wrapped in a {@link CompletionException}, and without running the
     * action if that stage was completed first. Every way to complete the call (its reply,
     * {@code complete}, {@code completeExceptionally}, {@code cancel}, {@code obtrude*},
     * {@code completeAsync} and the timeouts, which go through the first two) runs it.
     * Like the rest of the client, a call is used by one thread at a time (the simulation's,
     * or a simulated thread while the simulation waits for it), so its fields need no more
     * than that hand-off.
     */
    static final class Call<T> extends CompletableFuture<T> implements PendingCall.Completion {
        private final String path;
        private final Decoder<T> decoder;
        /** The first dependent's action and stage, or null: see the class comment. */
        private BiConsumer<? super T, ? super Throwable> firstAction;
        private CompletableFuture<T> firstStage;
        /** Whether a completion is under way, so that one nested in it leaves the first action to it. */
        private boolean completing;

        Call(String path, Decoder<T> decoder) {
            this.path = path;
            this.decoder = decoder;
        }

        @Override
        public void settle(Code code, Response response) {
            T value;
            try {
                value = decoder.decode(path, code, response);
            } catch (KeeperException e) {
                completeExceptionally(e);
                return;
            }
            complete(value);
        }

        @Override
        public CompletableFuture<T> whenComplete(BiConsumer<? super T, ? super Throwable> action) {
            if (firstAction != null || isDone() || super.getNumberOfDependents() > 0) {
                return super.whenComplete(action);
            }
            firstAction = Objects.requireNonNull(action);
            firstStage = new CompletableFuture<>();
            return firstStage;
        }

        @Override
        public boolean complete(T value) {
            return finish(Way.COMPLETE, value, null);
        }

        @Override
        public boolean completeExceptionally(Throwable failure) {
            return finish(Way.FAIL, null, failure);
        }

        @Override
        public void obtrudeValue(T value) {
            finish(Way.OBTRUDE_VALUE, value, null);
        }

        @Override
        public void obtrudeException(Throwable failure) {
            finish(Way.OBTRUDE_FAILURE, null, failure);
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            return finish(Way.CANCEL, null, null);
        }

        /** The supplier's task completes the call on the executor, and the first action runs right after it there. */
        @Override
        public CompletableFuture<T> completeAsync(Supplier<? extends T> supplier, Executor executor) {
            Objects.requireNonNull(executor);
            return super.completeAsync(supplier, task -> executor.execute(() -> {
                // Not a completion of its own while the supplier runs: one the supplier makes
                // runs the first action then, as it would run every dependent.
                boolean completes = !isDone();
                task.run();
                if (!completing) {
                    runFirstAsHeld(completes && isDone());
                }
            }));
        }

        @Override
        public int getNumberOfDependents() {
            return super.getNumberOfDependents() + (firstAction == null ? 0 : 1);
        }

        /** The ways to complete a call that {@link #finish} runs. */
        private enum Way { COMPLETE, FAIL, OBTRUDE_VALUE, OBTRUDE_FAILURE, CANCEL }

        /**
         * Completes the call the future's way and returns what that way returns; then, if this
         * is the outermost completion and it completed the call, runs the first action. A
         * completion nested in it (an action run while the call completes may try another)
         * leaves the first action to it, so that the action still runs last, after the future's
         * stack. A cancellation's exception is made inside the future, so the first action is
         * handed it as any dependent is; every other way names its outcome.
         */
        private boolean finish(Way way, T value, Throwable failure) {
            boolean outermost = !completing;
            completing = true;
            boolean completes = !isDone();
            boolean returned = switch (way) {
                case COMPLETE -> super.complete(value);
                case FAIL -> super.completeExceptionally(failure);
                case OBTRUDE_VALUE -> {
                    super.obtrudeValue(value);
                    yield true;
                }
                case OBTRUDE_FAILURE -> {
                    super.obtrudeException(failure);
                    yield true;
                }
                case CANCEL -> super.cancel(false);
            };
            if (outermost) {
                completing = false;
                if (way == Way.CANCEL) {
                    runFirstAsHeld(completes);
                } else if (completes && firstAction != null) {
                    runFirst(value, failure);
                }
            }
            return returned;
        }

        /** Runs the first action, if the call was just completed, with the outcome the future made itself, read back as any dependent is handed it. */
        private void runFirstAsHeld(boolean completedNow) {
            if (completedNow && firstAction != null) {
                super.handle((value, failure) -> {
                    runFirst(value, failure);
                    return null;
                });
            }
        }

        /** The first action's turn, as the future's own completion of a whenComplete stage would take it. */
        private void runFirst(T value, Throwable failure) {
            BiConsumer<? super T, ? super Throwable> action = firstAction;
            CompletableFuture<T> stage = firstStage;
            firstAction = null;
            firstStage = null;
            if (stage.isDone()) {
                return;
            }
            Throwable outcome = failure;
            try {
                action.accept(value, failure);
            } catch (Throwable thrown) {
                if (outcome == null) {
                    outcome = thrown;
                } else if (outcome != thrown) {
                    outcome.addSuppressed(thrown);
                }
            }
            if (outcome == null) {
                stage.complete(value);
            } else {
                stage.completeExceptionally(outcome instanceof CompletionException ? outcome
                        : new CompletionException(outcome));
            }
        }
    }

    static final Decoder<String> PATH = (path, code, response) -> switch (ok(code, path, response)) {
        case Response.PathResponse reply -> reply.path();
        case Response.CreateResponse reply -> reply.path();
        case Response.Empty empty -> path;
        default -> throw unexpected(response);
    };

    static final Decoder<Created> CREATED = (path, code, response) -> ok(code, path, response)
            instanceof Response.CreateResponse reply ? new Created(reply.path(), reply.stat()) : throwUnexpected(response);

    static final Decoder<Void> NONE = (path, code, response) -> {
        ok(code, path, response);
        return null;
    };

    static final Decoder<Stat> STAT = (path, code, response) -> ok(code, path, response)
            instanceof Response.StatResponse reply ? reply.stat() : throwUnexpected(response);

    /** exists completes with null for a missing node instead of failing with NoNode. */
    static final Decoder<Stat> EXISTS_STAT = (path, code, response) -> code == Code.NONODE ? null
            : STAT.decode(path, code, response);

    static final Decoder<DataAndStat> DATA = (path, code, response) -> ok(code, path, response)
            instanceof Response.DataResponse reply ? new DataAndStat(copy(reply.data()), reply.stat())
            : throwUnexpected(response);

    static final Decoder<List<String>> CHILDREN = (path, code, response) -> ok(code, path, response)
            instanceof Response.ChildrenResponse reply ? reply.children() : throwUnexpected(response);

    static final Decoder<ChildrenAndStat> CHILDREN_AND_STAT = (path, code, response) -> ok(code, path, response)
            instanceof Response.ChildrenResponse reply ? new ChildrenAndStat(reply.children(), reply.stat())
            : throwUnexpected(response);

    /**
     * A failed multi still answers with code OK and a list of ErrorResults; the call then
     * fails with the first non-zero one, carrying the whole list (reference 2.8). A multi has
     * no path of its own.
     */
    static final Decoder<List<OpResult>> MULTI = (path, code, response) -> {
        if (!(ok(code, path, response) instanceof Response.MultiResponse reply)) {
            return throwUnexpected(response);
        }
        for (OpResult result : reply.results()) {
            if (result instanceof OpResult.ErrorResult error && error.err() != 0) {
                throw KeeperException.forMulti(reply.results());
            }
        }
        return reply.results();
    };

    static final Decoder<List<String>> PATHS = (path, code, response) -> ok(code, path, response)
            instanceof Response.PathsResponse reply ? reply.paths() : throwUnexpected(response);

    static final Decoder<Integer> COUNT = (path, code, response) -> ok(code, path, response)
            instanceof Response.CountResponse reply ? reply.number() : throwUnexpected(response);

    static byte[] copy(byte[] data) {
        return data == null ? null : data.clone();
    }

    private static Response ok(Code code, String path, Response response) throws KeeperException {
        if (code != Code.OK) {
            throw KeeperException.create(code, path);
        }
        return response;
    }

    private static <T> T throwUnexpected(Response response) {
        throw unexpected(response);
    }

    private static IllegalStateException unexpected(Response response) {
        return new IllegalStateException("reply body of the wrong shape: " + response);
    }
}

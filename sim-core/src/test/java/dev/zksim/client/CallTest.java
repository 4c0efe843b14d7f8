package dev.zksim.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.KeeperException;
import dev.zksim.api.KeeperException.Code;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiConsumer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A call keeps its first {@code whenComplete} action aside instead of on the future's stack.
 * Every dependent must still see exactly what it would see on a plain {@link CompletableFuture}:
 * each scenario below runs against both, for every way a call can complete, and the two logs
 * (which action ran in what order, with what, and how each stage ended) must be equal.
 */
class CallTest {

    /** The ways a call completes: its reply, or what a caller holding the stage may do to it. */
    enum Completion {
        REPLY_OK, REPLY_ERROR, COMPLETE, COMPLETE_NULL, COMPLETE_EXCEPTIONALLY, COMPLETE_WITH_COMPLETION_EXCEPTION,
        CANCEL, OBTRUDE_VALUE, OBTRUDE_EXCEPTION, COMPLETE_ASYNC, COMPLETE_ASYNC_THROWING,
        COMPLETE_ASYNC_COMPLETING_ITSELF
    }

    /** What is registered on the call before it completes. */
    enum Dependents {
        ONE_ACTION, ACTION_THEN_OTHERS, OTHER_FIRST_THEN_ACTION, THROWING_ACTION, STAGE_COMPLETED_FIRST,
        ACTION_COMPLETES_AGAIN_AND_REGISTERS, CASCADE_ON_THE_STAGE, NOTHING
    }

    @ParameterizedTest
    @EnumSource(Dependents.class)
    void dependentsSeeWhatTheyWouldSeeOnAPlainFuture(Dependents dependents) {
        for (Completion completion : Completion.values()) {
            List<String> plain = run(new CompletableFuture<>(), dependents, completion);
            List<String> call = run(newCall(), dependents, completion);
            assertThat(call).as(dependents + " then " + completion).isEqualTo(plain);
        }
    }

    private static Replies.Call<String> newCall() {
        return new Replies.Call<>("/a", (path, code, response) -> {
            if (code != Code.OK) {
                throw KeeperException.create(code, path);
            }
            return "reply";
        });
    }

    /** Registers the dependents, completes the future, and logs what happened in the order it happened. */
    private static List<String> run(CompletableFuture<String> future, Dependents dependents, Completion completion) {
        Log log = new Log();
        List<CompletableFuture<?>> stages = register(future, dependents, log);
        log.add("dependents " + future.getNumberOfDependents());
        complete(future, completion, log);
        log.add("future " + log.describe(future));
        for (int i = 0; i < stages.size(); i++) {
            log.add("stage " + i + " " + log.describe(stages.get(i)));
        }
        return log.lines;
    }

    private static List<CompletableFuture<?>> register(CompletableFuture<String> future, Dependents dependents, Log log) {
        List<CompletableFuture<?>> stages = new ArrayList<>();
        switch (dependents) {
            case ONE_ACTION -> stages.add(future.whenComplete(log.action("a")));
            case ACTION_THEN_OTHERS -> {
                stages.add(future.whenComplete(log.action("a")));
                stages.add(future.thenApply(value -> log.seen("apply", value)));
                stages.add(future.whenComplete(log.action("b")));
            }
            case OTHER_FIRST_THEN_ACTION -> {
                stages.add(future.thenApply(value -> log.seen("apply", value)));
                stages.add(future.whenComplete(log.action("a")));
            }
            case THROWING_ACTION -> stages.add(future.whenComplete((value, failure) -> {
                log.action("a").accept(value, failure);
                throw new IllegalArgumentException("from the action");
            }));
            case STAGE_COMPLETED_FIRST -> {
                CompletableFuture<String> stage = future.whenComplete(log.action("a"));
                stage.complete("completed by the caller");
                stages.add(stage);
            }
            case ACTION_COMPLETES_AGAIN_AND_REGISTERS -> {
                stages.add(future.whenComplete((value, failure) -> {
                    log.action("a").accept(value, failure);
                    log.add("again " + future.complete("again") + " " + future.cancel(false));
                    stages.add(future.whenComplete(log.action("late")));
                }));
                stages.add(future.whenComplete(log.action("b")));
            }
            case CASCADE_ON_THE_STAGE -> {
                CompletableFuture<String> stage = future.whenComplete(log.action("a"));
                stages.add(stage);
                stages.add(stage.whenComplete(log.action("on the stage")));
                stages.add(future.exceptionally(failure -> log.seen("exceptionally", failure)));
            }
            case NOTHING -> {
            }
        }
        return stages;
    }

    /** Completes the future; each run makes its own exceptions, since a dependent may add suppressed ones to them. */
    private static void complete(CompletableFuture<String> future, Completion completion, Log log) {
        RuntimeException failure = new IllegalStateException("failure");
        switch (completion) {
            case REPLY_OK -> settle(future, Code.OK);
            case REPLY_ERROR -> settle(future, Code.NONODE);
            case COMPLETE -> future.complete("value");
            case COMPLETE_NULL -> future.complete(null);
            case COMPLETE_EXCEPTIONALLY -> future.completeExceptionally(failure);
            case COMPLETE_WITH_COMPLETION_EXCEPTION -> future.completeExceptionally(new CompletionException("wrapped", failure));
            case CANCEL -> future.cancel(false);
            case OBTRUDE_VALUE -> future.obtrudeValue("obtruded");
            case OBTRUDE_EXCEPTION -> future.obtrudeException(failure);
            case COMPLETE_ASYNC -> future.completeAsync(() -> "supplied", Runnable::run);
            case COMPLETE_ASYNC_THROWING -> future.completeAsync(() -> {
                throw failure;
            }, Runnable::run);
            case COMPLETE_ASYNC_COMPLETING_ITSELF -> future.completeAsync(() -> {
                log.add("supplier completes " + future.complete("inner"));
                log.add("supplier returns");
                return "supplied";
            }, Runnable::run);
        }
    }

    /** A call settles from its reply; a plain future is completed as the call's decoder would. */
    private static void settle(CompletableFuture<String> future, Code code) {
        if (future instanceof Replies.Call<String> call) {
            call.settle(code, null);
        } else if (code == Code.OK) {
            future.complete("reply");
        } else {
            future.completeExceptionally(KeeperException.create(code, "/a"));
        }
    }

    /** The log of one run; exceptions are named by their first appearance, so that identity is compared too. */
    private static final class Log {
        final List<String> lines = new ArrayList<>();
        private final Map<Throwable, String> names = new IdentityHashMap<>();

        void add(String line) {
            lines.add(line);
        }

        BiConsumer<String, Throwable> action(String name) {
            return (value, failure) -> add(name + " saw " + value + ", " + name(failure));
        }

        <T> String seen(String name, T seen) {
            add(name + " saw " + (seen instanceof Throwable failure ? name(failure) : seen));
            return name;
        }

        String describe(CompletableFuture<?> future) {
            if (!future.isDone()) {
                return "incomplete";
            }
            Throwable[] failure = new Throwable[1];
            Object[] value = new Object[1];
            future.handle((v, x) -> {
                value[0] = v;
                failure[0] = x;
                return null;
            });
            return future.state() + " " + value[0] + ", " + name(failure[0]);
        }

        private String name(Throwable failure) {
            if (failure == null) {
                return "no failure";
            }
            String name = names.computeIfAbsent(failure, f -> "#" + names.size());
            String cause = failure.getCause() == null ? "" : " caused by " + name(failure.getCause());
            List<String> suppressed = new ArrayList<>();
            for (Throwable each : failure.getSuppressed()) {
                suppressed.add(name(each));
            }
            return name + " " + failure.getClass().getSimpleName() + "(" + failure.getMessage() + ")" + cause
                    + (suppressed.isEmpty() ? "" : " suppressing " + suppressed);
        }
    }

}

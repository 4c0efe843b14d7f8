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
import java.util.concurrent.CompletableFuture;

/**
 * Turns a call's outcome (code and reply body) into the value or the KeeperException its
 * stage completes with. A body of the wrong shape is a server bug, so it throws
 * IllegalStateException, which ends the simulation run loudly instead of hiding it.
 */
final class Replies {
    private Replies() {
    }

    /** Maps an outcome to a value, or throws the KeeperException the call fails with. */
    @FunctionalInterface
    interface Decoder<T> {
        T decode(Code code, Response response) throws KeeperException;
    }

    /** A completion that settles the future through the decoder. */
    static <T> PendingCall.Completion settle(CompletableFuture<T> future, Decoder<T> decoder) {
        return (code, response) -> {
            T value;
            try {
                value = decoder.decode(code, response);
            } catch (KeeperException e) {
                future.completeExceptionally(e);
                return;
            }
            future.complete(value);
        };
    }

    static Decoder<String> path(String path) {
        return (code, response) -> switch (ok(code, path, response)) {
            case Response.PathResponse reply -> reply.path();
            case Response.CreateResponse reply -> reply.path();
            case Response.Empty empty -> path;
            default -> throw unexpected(response);
        };
    }

    static Decoder<Created> created(String path) {
        return (code, response) -> ok(code, path, response) instanceof Response.CreateResponse reply
                ? new Created(reply.path(), reply.stat()) : throwUnexpected(response);
    }

    static Decoder<Void> none(String path) {
        return (code, response) -> {
            ok(code, path, response);
            return null;
        };
    }

    static Decoder<Stat> stat(String path) {
        return (code, response) -> ok(code, path, response) instanceof Response.StatResponse reply
                ? reply.stat() : throwUnexpected(response);
    }

    /** exists completes with null for a missing node instead of failing with NoNode. */
    static Decoder<Stat> existsStat(String path) {
        Decoder<Stat> stat = stat(path);
        return (code, response) -> code == Code.NONODE ? null : stat.decode(code, response);
    }

    static Decoder<DataAndStat> data(String path) {
        return (code, response) -> ok(code, path, response) instanceof Response.DataResponse reply
                ? new DataAndStat(copy(reply.data()), reply.stat()) : throwUnexpected(response);
    }

    static Decoder<List<String>> children(String path) {
        return (code, response) -> ok(code, path, response) instanceof Response.ChildrenResponse reply
                ? reply.children() : throwUnexpected(response);
    }

    static Decoder<ChildrenAndStat> childrenAndStat(String path) {
        return (code, response) -> ok(code, path, response) instanceof Response.ChildrenResponse reply
                ? new ChildrenAndStat(reply.children(), reply.stat()) : throwUnexpected(response);
    }

    /**
     * A failed multi still answers with code OK and a list of ErrorResults; the call then
     * fails with the first non-zero one, carrying the whole list (reference 2.8).
     */
    static Decoder<List<OpResult>> multi() {
        return (code, response) -> {
            if (!(ok(code, null, response) instanceof Response.MultiResponse reply)) {
                return throwUnexpected(response);
            }
            for (OpResult result : reply.results()) {
                if (result instanceof OpResult.ErrorResult error && error.err() != 0) {
                    throw KeeperException.forMulti(reply.results());
                }
            }
            return reply.results();
        };
    }

    static Decoder<List<String>> paths(String path) {
        return (code, response) -> ok(code, path, response) instanceof Response.PathsResponse reply
                ? reply.paths() : throwUnexpected(response);
    }

    static Decoder<Integer> count(String path) {
        return (code, response) -> ok(code, path, response) instanceof Response.CountResponse reply
                ? reply.number() : throwUnexpected(response);
    }

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

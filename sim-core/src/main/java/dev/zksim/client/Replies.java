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

    /**
     * Maps an outcome to a value, or throws the KeeperException the call fails with (naming
     * the call's path). The decoders are constants: a call costs no decoder object of its own.
     */
    @FunctionalInterface
    interface Decoder<T> {
        T decode(Code code, String path, Response response) throws KeeperException;
    }

    /** A completion that settles the future through the decoder; {@code path} is the call's, for errors. */
    static <T> PendingCall.Completion settle(CompletableFuture<T> future, Decoder<T> decoder, String path) {
        return (code, response) -> {
            T value;
            try {
                value = decoder.decode(code, path, response);
            } catch (KeeperException e) {
                future.completeExceptionally(e);
                return;
            }
            future.complete(value);
        };
    }

    static final Decoder<String> PATH = (code, path, response) -> switch (ok(code, path, response)) {
        case Response.PathResponse reply -> reply.path();
        case Response.CreateResponse reply -> reply.path();
        case Response.Empty empty -> path;
        default -> throw unexpected(response);
    };

    static final Decoder<Created> CREATED = (code, path, response) ->
            ok(code, path, response) instanceof Response.CreateResponse reply
                    ? new Created(reply.path(), reply.stat()) : throwUnexpected(response);

    static final Decoder<Void> NONE = (code, path, response) -> {
        ok(code, path, response);
        return null;
    };

    static final Decoder<Stat> STAT = (code, path, response) ->
            ok(code, path, response) instanceof Response.StatResponse reply ? reply.stat() : throwUnexpected(response);

    /** exists completes with null for a missing node instead of failing with NoNode. */
    static final Decoder<Stat> EXISTS_STAT = (code, path, response) ->
            code == Code.NONODE ? null : STAT.decode(code, path, response);

    static final Decoder<DataAndStat> DATA = (code, path, response) ->
            ok(code, path, response) instanceof Response.DataResponse reply
                    ? new DataAndStat(copy(reply.data()), reply.stat()) : throwUnexpected(response);

    static final Decoder<List<String>> CHILDREN = (code, path, response) ->
            ok(code, path, response) instanceof Response.ChildrenResponse reply
                    ? reply.children() : throwUnexpected(response);

    static final Decoder<ChildrenAndStat> CHILDREN_AND_STAT = (code, path, response) ->
            ok(code, path, response) instanceof Response.ChildrenResponse reply
                    ? new ChildrenAndStat(reply.children(), reply.stat()) : throwUnexpected(response);

    /**
     * A failed multi still answers with code OK and a list of ErrorResults; the call then
     * fails with the first non-zero one, carrying the whole list (reference 2.8). A multi has
     * no path of its own: it is decoded with a null one.
     */
    static final Decoder<List<OpResult>> MULTI = (code, path, response) -> {
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

    static final Decoder<List<String>> PATHS = (code, path, response) ->
            ok(code, path, response) instanceof Response.PathsResponse reply ? reply.paths() : throwUnexpected(response);

    static final Decoder<Integer> COUNT = (code, path, response) ->
            ok(code, path, response) instanceof Response.CountResponse reply ? reply.number() : throwUnexpected(response);

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

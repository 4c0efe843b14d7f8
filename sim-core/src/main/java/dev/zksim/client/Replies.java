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
     */
    static final class Call<T> extends CompletableFuture<T> implements PendingCall.Completion {
        private final String path;
        private final Decoder<T> decoder;

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

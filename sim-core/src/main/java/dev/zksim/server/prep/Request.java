package dev.zksim.server.prep;

import dev.zksim.api.CreateMode;
import dev.zksim.api.Op;
import java.util.List;
import java.util.Objects;

/**
 * A write request as it reaches the leader's preparer. A single create, delete, setData or
 * check is the same {@link Op} a multi carries, so both go through one preparation path;
 * create, create2 and createContainer are all a create (they differ only in the reply).
 * TTL creates carry their ttl in a request of their own; ACLs other than world:anyone are
 * out of scope.
 */
public sealed interface Request
        permits Request.OpRequest, Request.MultiRequest, Request.CreateSessionRequest, Request.CloseSessionRequest,
        Request.DeleteContainerRequest, Request.TtlCreateRequest {

    /** One create, delete, setData or check outside a multi. */
    record OpRequest(Op op) implements Request {
        public OpRequest {
            Objects.requireNonNull(op, "op");
        }
    }

    record MultiRequest(List<Op> ops) implements Request {
        public MultiRequest {
            ops = List.copyOf(ops);
        }
    }

    record CreateSessionRequest(int timeout) implements Request {
    }

    /** An explicit close, or the expiry of the session by the leader. */
    record CloseSessionRequest() implements Request {
    }

    /**
     * The container manager's deletion of an empty container or an expired TTL node
     * (OpCode.deleteContainer): it comes from the leader itself, with no session.
     */
    record DeleteContainerRequest(String path) implements Request {
        public DeleteContainerRequest {
            Objects.requireNonNull(path, "path");
        }
    }

    /** createTTL: a create with a TTL mode (PERSISTENT_WITH_TTL or its sequential form) and its ttl in ms. */
    record TtlCreateRequest(String path, byte[] data, CreateMode mode, long ttl) implements Request {
        public TtlCreateRequest {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(mode, "mode");
        }

        // By content, not by array identity, so equal requests hash alike in every run.
        @Override
        public boolean equals(Object other) {
            return other instanceof TtlCreateRequest that && path.equals(that.path)
                    && dev.zksim.api.ZnodeData.equals(data, that.data) && mode == that.mode && ttl == that.ttl;
        }

        @Override
        public int hashCode() {
            return Objects.hash(path, dev.zksim.api.ZnodeData.hashCode(data), mode, ttl);
        }

        @Override
        public String toString() {
            return "TtlCreateRequest[path=" + path + ", data=" + dev.zksim.api.ZnodeData.toString(data) + ", mode=" + mode
                    + ", ttl=" + ttl + "]";
        }
    }

    static Request create(String path, byte[] data, CreateMode mode) {
        return new OpRequest(new Op.Create(path, data, mode));
    }

    static Request delete(String path, int version) {
        return new OpRequest(new Op.Delete(path, version));
    }

    static Request setData(String path, byte[] data, int version) {
        return new OpRequest(new Op.SetData(path, data, version));
    }

    static Request check(String path, int version) {
        return new OpRequest(new Op.Check(path, version));
    }
}

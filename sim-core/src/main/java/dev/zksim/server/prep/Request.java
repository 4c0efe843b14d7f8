package dev.zksim.server.prep;

import dev.zksim.api.CreateMode;
import dev.zksim.api.Op;
import dev.zksim.api.ZnodeData;
import java.util.List;
import java.util.Objects;

/**
 * A write request as it reaches the leader's preparer. create, create2 and
 * createContainer are all a CreateRequest (they differ only in the reply). TTL modes and
 * ACLs other than world:anyone are out of scope.
 */
public sealed interface Request
        permits Request.CreateRequest, Request.DeleteRequest, Request.SetDataRequest, Request.CheckRequest,
                Request.MultiRequest, Request.CreateSessionRequest, Request.CloseSessionRequest {

    record CreateRequest(String path, byte[] data, CreateMode mode) implements Request {
        public CreateRequest {
            Objects.requireNonNull(mode, "mode");
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof CreateRequest that
                    && Objects.equals(path, that.path)
                    && ZnodeData.equals(data, that.data)
                    && mode == that.mode;
        }

        @Override
        public int hashCode() {
            return Objects.hash(path, ZnodeData.hashCode(data), mode);
        }

        @Override
        public String toString() {
            return "CreateRequest[path=" + path + ", data=" + ZnodeData.toString(data) + ", mode=" + mode + "]";
        }
    }

    record DeleteRequest(String path, int version) implements Request {
    }

    record SetDataRequest(String path, byte[] data, int version) implements Request {
        @Override
        public boolean equals(Object other) {
            return other instanceof SetDataRequest that
                    && Objects.equals(path, that.path)
                    && ZnodeData.equals(data, that.data)
                    && version == that.version;
        }

        @Override
        public int hashCode() {
            return Objects.hash(path, ZnodeData.hashCode(data), version);
        }

        @Override
        public String toString() {
            return "SetDataRequest[path=" + path + ", data=" + ZnodeData.toString(data) + ", version=" + version + "]";
        }
    }

    /** A standalone check opcode; the Java API only sends checks inside a multi. */
    record CheckRequest(String path, int version) implements Request {
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
}

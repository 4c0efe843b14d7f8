package dev.zksim.protocol;

import dev.zksim.api.OpResult;
import dev.zksim.api.Stat;
import dev.zksim.api.ZnodeData;
import java.util.List;
import java.util.Objects;

/** The body of a successful reply, one record per reply shape of ZooKeeper's protocol. */
public sealed interface Response {

    /** create (path only) and sync (the echoed path). */
    record PathResponse(String path) implements Response {
    }

    /** create2 and createContainer: the actual path and the new node's Stat. */
    record CreateResponse(String path, Stat stat) implements Response {
    }

    /** exists (stat null when the node is missing) and setData. */
    record StatResponse(Stat stat) implements Response {
    }

    record DataResponse(byte[] data, Stat stat) implements Response {
        @Override
        public boolean equals(Object other) {
            return other instanceof DataResponse that && ZnodeData.equals(data, that.data) && Objects.equals(stat, that.stat);
        }

        @Override
        public int hashCode() {
            return 31 * ZnodeData.hashCode(data) + Objects.hashCode(stat);
        }

        @Override
        public String toString() {
            return "DataResponse[data=" + ZnodeData.toString(data) + ", stat=" + stat + "]";
        }
    }

    /** getChildren (stat null) and getChildren2 (stat of the parent). */
    record ChildrenResponse(List<String> children, Stat stat) implements Response {
        public ChildrenResponse {
            children = List.copyOf(children);
        }
    }

    /** multi: one result per op; a failed multi still answers with err 0 and this list. */
    record MultiResponse(List<OpResult> results) implements Response {
        public MultiResponse {
            results = List.copyOf(results);
        }
    }

    /** delete, closeSession, setWatches: nothing but the header. */
    /** A getEphemerals reply: full paths. */
    record PathsResponse(List<String> paths) implements Response {
    }

    /** A getAllChildrenNumber reply. */
    record CountResponse(int number) implements Response {
    }

    record Empty() implements Response {
    }
}

package dev.zksim.protocol;

import dev.zksim.api.CreateMode;
import dev.zksim.api.Op;
import dev.zksim.api.WatcherType;
import dev.zksim.api.ZnodeData;
import java.util.List;
import java.util.Objects;

/**
 * A request a client sends to a server, one record per ZooKeeper opcode family. Watches
 * travel as a flag, as on ZooKeeper's wire: the client keeps the Watcher objects and
 * registers them when the reply arrives. {@link #wireSize()} is the size of the request as
 * ZooKeeper's jute encoding would frame it, which the server compares with jute.maxbuffer.
 */
public sealed interface Operation {
    /** Request header (xid, type) that precedes every body on the wire. */
    int HEADER_SIZE = 8;
    /** One world:anyone ACL vector: count, perms, scheme "world", id "anyone". */
    int OPEN_ACL_SIZE = 4 + 4 + (4 + 5) + (4 + 6);

    /** Bytes of the framed request after the 4-byte length prefix. */
    default int wireSize() {
        return wireSize(true);
    }

    /**
     * {@link #wireSize()}, or with {@code exact} false a bound no smaller that counts three
     * bytes a character, the most UTF-8 needs for one: the server checks every request
     * against jute.maxbuffer, and counting each path's UTF-8 bytes for that was about a
     * hundredth of a benchmark's CPU.
     */
    int wireSize(boolean exact);

    /** True for operations that become transactions (and so consume a zxid). */
    default boolean isWrite() {
        return false;
    }

    /** create, create2 (withStat) and createContainer. */
    record Create(String path, byte[] data, CreateMode mode, boolean withStat) implements Operation {
        @Override
        public int wireSize(boolean exact) {
            return HEADER_SIZE + JuteSize.string(path, exact) + JuteSize.buffer(data) + OPEN_ACL_SIZE + 4;
        }

        @Override
        public boolean isWrite() {
            return true;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Create that && Objects.equals(path, that.path) && ZnodeData.equals(data, that.data)
                    && mode == that.mode && withStat == that.withStat;
        }

        @Override
        public int hashCode() {
            return Objects.hash(path, ZnodeData.hashCode(data), mode, withStat);
        }

        @Override
        public String toString() {
            return "Create[path=" + path + ", data=" + ZnodeData.toString(data) + ", mode=" + mode + ", withStat=" + withStat + "]";
        }
    }

    /** createTTL: a create with a TTL mode and its ttl; the reply carries the Stat. */
    record CreateTtl(String path, byte[] data, CreateMode mode, long ttl) implements Operation {
        @Override
        public int wireSize(boolean exact) {
            return HEADER_SIZE + JuteSize.string(path, exact) + JuteSize.buffer(data) + OPEN_ACL_SIZE + 4 + 8;
        }

        @Override
        public boolean isWrite() {
            return true;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof CreateTtl that && Objects.equals(path, that.path) && ZnodeData.equals(data, that.data)
                    && mode == that.mode && ttl == that.ttl;
        }

        @Override
        public int hashCode() {
            return Objects.hash(path, ZnodeData.hashCode(data), mode, ttl);
        }

        @Override
        public String toString() {
            return "CreateTtl[path=" + path + ", data=" + ZnodeData.toString(data) + ", mode=" + mode + ", ttl=" + ttl + "]";
        }
    }

    record Delete(String path, int version) implements Operation {
        @Override
        public int wireSize(boolean exact) {
            return HEADER_SIZE + JuteSize.string(path, exact) + 4;
        }

        @Override
        public boolean isWrite() {
            return true;
        }
    }

    record SetData(String path, byte[] data, int version) implements Operation {
        @Override
        public int wireSize(boolean exact) {
            return HEADER_SIZE + JuteSize.string(path, exact) + JuteSize.buffer(data) + 4;
        }

        @Override
        public boolean isWrite() {
            return true;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof SetData that && Objects.equals(path, that.path) && ZnodeData.equals(data, that.data)
                    && version == that.version;
        }

        @Override
        public int hashCode() {
            return Objects.hash(path, ZnodeData.hashCode(data), version);
        }

        @Override
        public String toString() {
            return "SetData[path=" + path + ", data=" + ZnodeData.toString(data) + ", version=" + version + "]";
        }
    }

    record Exists(String path, boolean watch) implements Operation {
        @Override
        public int wireSize(boolean exact) {
            return HEADER_SIZE + JuteSize.string(path, exact) + 1;
        }
    }

    record GetData(String path, boolean watch) implements Operation {
        @Override
        public int wireSize(boolean exact) {
            return HEADER_SIZE + JuteSize.string(path, exact) + 1;
        }
    }

    /** getChildren, or getChildren2 when withStat is set. */
    record GetChildren(String path, boolean watch, boolean withStat) implements Operation {
        @Override
        public int wireSize(boolean exact) {
            return HEADER_SIZE + JuteSize.string(path, exact) + 1;
        }
    }

    /** getEphemerals (3.6+): the session's ephemeral paths that start with the prefix. */
    record GetEphemerals(String prefixPath) implements Operation {
        @Override
        public int wireSize(boolean exact) {
            return HEADER_SIZE + JuteSize.string(prefixPath, exact);
        }
    }

    /** getAllChildrenNumber (3.6+): how many descendants a node has. */
    record GetAllChildrenNumber(String path) implements Operation {
        @Override
        public int wireSize(boolean exact) {
            return HEADER_SIZE + JuteSize.string(path, exact);
        }
    }

    record Sync(String path) implements Operation {
        @Override
        public int wireSize(boolean exact) {
            return HEADER_SIZE + JuteSize.string(path, exact);
        }
    }

    /** A multi of write ops (create, delete, setData, check). */
    record Multi(List<Op> ops) implements Operation {
        public Multi {
            ops = List.copyOf(ops);
        }

        @Override
        public int wireSize(boolean exact) {
            int size = HEADER_SIZE;
            for (Op op : ops) {
                size += MULTI_HEADER_SIZE + opBody(op, exact);
            }
            return size + MULTI_HEADER_SIZE;
        }

        @Override
        public boolean isWrite() {
            return true;
        }
    }

    /** Re-registers watches after a reconnect; relativeZxid is the client's last zxid. */
    record SetWatches(long relativeZxid, List<String> dataPaths, List<String> existPaths, List<String> childPaths)
            implements Operation {
        public SetWatches {
            dataPaths = List.copyOf(dataPaths);
            existPaths = List.copyOf(existPaths);
            childPaths = List.copyOf(childPaths);
        }

        @Override
        public int wireSize(boolean exact) {
            return HEADER_SIZE + 8 + JuteSize.strings(dataPaths, exact) + JuteSize.strings(existPaths, exact)
                    + JuteSize.strings(childPaths, exact);
        }
    }

    /**
     * setWatches2 (3.7): like setWatches, plus the persistent and recursive watches, which a
     * client must re-register with this form.
     */
    record SetWatches2(long relativeZxid, List<String> dataPaths, List<String> existPaths, List<String> childPaths,
            List<String> persistentPaths, List<String> recursivePaths) implements Operation {
        public SetWatches2 {
            dataPaths = List.copyOf(dataPaths);
            existPaths = List.copyOf(existPaths);
            childPaths = List.copyOf(childPaths);
            persistentPaths = List.copyOf(persistentPaths);
            recursivePaths = List.copyOf(recursivePaths);
        }

        @Override
        public int wireSize(boolean exact) {
            return HEADER_SIZE + 8 + JuteSize.strings(dataPaths, exact) + JuteSize.strings(existPaths, exact)
                    + JuteSize.strings(childPaths, exact) + JuteSize.strings(persistentPaths, exact)
                    + JuteSize.strings(recursivePaths, exact);
        }
    }

    /** addWatch (3.6): a persistent watch on a path, or a recursive one on it and everything below. */
    record AddWatch(String path, boolean recursive) implements Operation {
        @Override
        public int wireSize(boolean exact) {
            return HEADER_SIZE + JuteSize.string(path, exact) + 4;
        }
    }

    /**
     * checkWatches (3.5): removeWatches for one Watcher. The server only checks that the
     * connection watches the path with that type (NoWatcher if not) and keeps its watch,
     * since other Watchers of the same client may still rely on it.
     */
    record CheckWatches(String path, WatcherType type) implements Operation {
        @Override
        public int wireSize(boolean exact) {
            return HEADER_SIZE + JuteSize.string(path, exact) + 4;
        }
    }

    /** removeWatches (3.5): removeAllWatches; the server drops its watches of that type on the path. */
    record RemoveWatches(String path, WatcherType type) implements Operation {
        @Override
        public int wireSize(boolean exact) {
            return HEADER_SIZE + JuteSize.string(path, exact) + 4;
        }
    }

    record CloseSession() implements Operation {
        @Override
        public int wireSize(boolean exact) {
            return HEADER_SIZE;
        }

        @Override
        public boolean isWrite() {
            return true;
        }
    }

    /** Multi's per-op header: type, done flag, error. */
    int MULTI_HEADER_SIZE = 4 + 1 + 4;

    private static int opBody(Op op, boolean exact) {
        return switch (op) {
            case Op.Create create -> JuteSize.string(create.path(), exact) + JuteSize.buffer(create.data()) + OPEN_ACL_SIZE + 4;
            case Op.CreateTtl create -> JuteSize.string(create.path(), exact) + JuteSize.buffer(create.data()) + OPEN_ACL_SIZE + 4 + 8;
            case Op.Delete delete -> JuteSize.string(delete.path(), exact) + 4;
            case Op.SetData setData -> JuteSize.string(setData.path(), exact) + JuteSize.buffer(setData.data()) + 4;
            case Op.Check check -> JuteSize.string(check.path(), exact) + 4;
        };
    }
}

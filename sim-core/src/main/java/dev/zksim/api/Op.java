package dev.zksim.api;

import java.util.Objects;

/**
 * One operation of a {@code multi}, mirroring ZooKeeper's Op factories. ACLs are not part
 * of the simulated API: every node gets world:anyone. Data arrays are compared by
 * content, and null data stays null.
 */
public sealed interface Op permits Op.Create, Op.CreateTtl, Op.Delete, Op.SetData, Op.Check {

    /** The path the operation acts on, as given by the caller. */
    String path();

    /**
     * The client-side check ZooKeeper runs before sending a multi: an invalid path throws
     * IllegalArgumentException (a sequential create validates {@code path + "1"}).
     */
    void validate();

    /** Create a node (opcode create in the multi; its result carries the path only). */
    static Create create(String path, byte[] data, CreateMode mode) {
        return new Create(path, data, mode);
    }

    /** Delete a node; version -1 matches any version. */
    static Delete delete(String path, int version) {
        return new Delete(path, version);
    }

    /** Replace a node's data; version -1 matches any version. */
    static SetData setData(String path, byte[] data, int version) {
        return new SetData(path, data, version);
    }

    /**
     * A create with a ttl, as ZooKeeper's {@code Op.create(path, data, acl, mode, ttl)}: a
     * TTL mode gives a createTTL op, any other mode a plain create (whose ttl must then be
     * negative, which {@link #validate} checks).
     */
    static Op create(String path, byte[] data, CreateMode mode, long ttl) {
        return mode.isTTL() ? new CreateTtl(path, data, mode, ttl) : new Create(path, data, mode);
    }

    /** Assert a node's version without changing it; version -1 only asserts existence. */
    static Check check(String path, int version) {
        return new Check(path, version);
    }

    record Create(String path, byte[] data, CreateMode mode) implements Op {
        public Create {
            Objects.requireNonNull(mode, "mode");
        }

        /** A TTL mode needs a ttl, so it fails here as in ZooKeeper's client (EphemeralType.validateTTL). */
        @Override
        public void validate() {
            PathUtils.validatePath(path, mode.isSequential());
            mode.validateTtl(-1);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Create that
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
            return "Create[path=" + path + ", data=" + ZnodeData.toString(data) + ", mode=" + mode + "]";
        }
    }

    /** createTTL inside a multi: a TTL mode and its ttl in ms. */
    record CreateTtl(String path, byte[] data, CreateMode mode, long ttl) implements Op {
        public CreateTtl {
            Objects.requireNonNull(mode, "mode");
        }

        @Override
        public void validate() {
            PathUtils.validatePath(path, mode.isSequential());
            mode.validateTtl(ttl);
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

    record Delete(String path, int version) implements Op {
        @Override
        public void validate() {
            PathUtils.validatePath(path);
        }
    }

    record SetData(String path, byte[] data, int version) implements Op {
        @Override
        public void validate() {
            PathUtils.validatePath(path);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof SetData that
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
            return "SetData[path=" + path + ", data=" + ZnodeData.toString(data) + ", version=" + version + "]";
        }
    }

    record Check(String path, int version) implements Op {
        @Override
        public void validate() {
            PathUtils.validatePath(path);
        }
    }
}

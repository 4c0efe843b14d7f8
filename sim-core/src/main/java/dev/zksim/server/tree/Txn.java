package dev.zksim.server.tree;

import dev.zksim.api.ZnodeData;
import java.util.List;
import java.util.Objects;

/**
 * The body of a transaction, one record per ZooKeeper txn type. Every write request
 * becomes one of these, failed ones included (ErrorTxn, or a MultiTxn of ErrorTxns), so
 * that each consumes its zxid. Data arrays are compared by content and never modified.
 */
public sealed interface Txn
        permits Txn.CreateTxn, Txn.DeleteTxn, Txn.SetDataTxn, Txn.CheckTxn, Txn.ErrorTxn,
                Txn.MultiTxn, Txn.CreateSessionTxn, Txn.CloseSessionTxn {

    /** The internal ephemeralOwner ZooKeeper stores for container nodes; clients see 0. */
    long CONTAINER_OWNER = Long.MIN_VALUE;

    /** The high byte that marks a TTL node's ephemeralOwner (EphemeralType's extended mask). */
    long TTL_MARK = 0xff00_0000_0000_0000L;

    /** The ephemeralOwner ZooKeeper stores for a TTL node: the mark with the ttl in ms below it. */
    static long ttlOwner(long ttlMs) {
        return TTL_MARK | ttlMs;
    }

    /** Whether an ephemeralOwner is a TTL node's; session ids never carry the 0xff high byte. */
    static boolean isTtlOwner(long owner) {
        return (owner & TTL_MARK) == TTL_MARK;
    }

    /** The ttl in ms of a TTL node's ephemeralOwner (EphemeralType.TTL.getValue). */
    static long ttlOf(long owner) {
        return owner & 0x0000_00ff_ffff_ffffL;
    }

    /** A normal ephemeral's owner: a session, neither a container's nor a TTL node's marker. */
    static boolean isSessionOwner(long owner) {
        return owner != 0 && owner != CONTAINER_OWNER && !isTtlOwner(owner);
    }

    /**
     * Creates {@code path} (final name, sequential suffix included). ephemeralOwner is the
     * internal value: 0 for persistent, the session id for ephemeral, CONTAINER_OWNER for
     * containers. parentCVersion is the parent's internal cversion after this create, or
     * -1 for "current + 1".
     */
    record CreateTxn(String path, byte[] data, long ephemeralOwner, int parentCVersion) implements Txn {
        public boolean isContainer() {
            return ephemeralOwner == CONTAINER_OWNER;
        }

        /** True for a normal ephemeral node (one that rejects children). */
        public boolean isEphemeral() {
            return Txn.isSessionOwner(ephemeralOwner);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof CreateTxn that
                    && Objects.equals(path, that.path)
                    && ZnodeData.equals(data, that.data)
                    && ephemeralOwner == that.ephemeralOwner
                    && parentCVersion == that.parentCVersion;
        }

        @Override
        public int hashCode() {
            return Objects.hash(path, ZnodeData.hashCode(data), ephemeralOwner, parentCVersion);
        }

        @Override
        public String toString() {
            return "CreateTxn[path=" + path + ", data=" + ZnodeData.toString(data)
                    + ", ephemeralOwner=" + ephemeralOwner + ", parentCVersion=" + parentCVersion + "]";
        }
    }

    /** Deletes a node (also used for container deletion). */
    record DeleteTxn(String path) implements Txn {
    }

    /** Replaces a node's data; version is the node's new version (old + 1). */
    record SetDataTxn(String path, byte[] data, int version) implements Txn {
        @Override
        public boolean equals(Object other) {
            return other instanceof SetDataTxn that
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
            return "SetDataTxn[path=" + path + ", data=" + ZnodeData.toString(data) + ", version=" + version + "]";
        }
    }

    /** A version check inside a multi (or a standalone check opcode); changes nothing. */
    record CheckTxn(String path, int version) implements Txn {
    }

    /** A failed write: applied as a no-op that still advances lastProcessedZxid. */
    record ErrorTxn(int err) implements Txn {
    }

    /** All ops of one multi, applied atomically under one zxid and one time. */
    record MultiTxn(List<Txn> txns) implements Txn {
        public MultiTxn {
            txns = List.copyOf(txns);
        }
    }

    /** Opens a session; the tree only records the zxid (sessions live elsewhere). */
    record CreateSessionTxn(int timeout) implements Txn {
    }

    /** Closes the header's session, deleting the ephemerals the preparer listed. */
    record CloseSessionTxn(List<String> ephemeralPaths) implements Txn {
        public CloseSessionTxn {
            ephemeralPaths = List.copyOf(ephemeralPaths);
        }
    }
}

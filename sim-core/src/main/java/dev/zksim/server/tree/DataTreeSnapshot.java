package dev.zksim.server.tree;

import dev.zksim.api.ZnodeData;
import java.util.List;
import java.util.Objects;

/**
 * An immutable, exact image of a DataTree taken between two transactions, tagged with
 * its lastProcessedZxid. Servers keep these as their on-disk snapshots and rebuild a tree
 * with {@link DataTree#restore(DataTreeSnapshot)}. Nodes are listed in path order, so two
 * snapshots of equal trees are equal records. A snapshot a tree took shares the tree's
 * state and lists its nodes only when read (see {@link DataTree#snapshot()}). (ZooKeeper's snapshots are fuzzy; an exact
 * one is a legal fuzzy snapshot whose fuzzy range is empty.)
 */
public record DataTreeSnapshot(long lastProcessedZxid, List<NodeImage> nodes) {
    /** Copies the list, unless it is the shared state of a tree's own snapshot. */
    public DataTreeSnapshot {
        nodes = nodes instanceof FrozenTree ? nodes : List.copyOf(nodes);
    }

    /** A canonical text form, one node per line in path order, for diffs in failure reports. */
    public String dump() {
        StringBuilder text = new StringBuilder("lastProcessedZxid=").append(lastProcessedZxid).append('\n');
        for (NodeImage node : nodes) {
            text.append(node).append('\n');
        }
        return text.toString();
    }

    /** One node with its internal fields (internal cversion and ephemeralOwner, perms). */
    public record NodeImage(
            String path,
            byte[] data,
            long czxid,
            long mzxid,
            long ctime,
            long mtime,
            int version,
            int cversion,
            int aversion,
            long ephemeralOwner,
            long pzxid,
            int perms) {

        @Override
        public boolean equals(Object other) {
            return other instanceof NodeImage that
                    && path.equals(that.path)
                    && ZnodeData.equals(data, that.data)
                    && czxid == that.czxid
                    && mzxid == that.mzxid
                    && ctime == that.ctime
                    && mtime == that.mtime
                    && version == that.version
                    && cversion == that.cversion
                    && aversion == that.aversion
                    && ephemeralOwner == that.ephemeralOwner
                    && pzxid == that.pzxid
                    && perms == that.perms;
        }

        @Override
        public int hashCode() {
            return Objects.hash(path, ZnodeData.hashCode(data), czxid, mzxid, ctime, mtime, version,
                    cversion, aversion, ephemeralOwner, pzxid, perms);
        }

        @Override
        public String toString() {
            return path + " data=" + ZnodeData.toString(data) + " czxid=" + czxid + " mzxid=" + mzxid
                    + " ctime=" + ctime + " mtime=" + mtime + " version=" + version
                    + " cversion(internal)=" + cversion + " aversion=" + aversion
                    + " ephemeralOwner(internal)=" + ephemeralOwner + " pzxid=" + pzxid + " perms=" + perms;
        }

        static NodeImage of(String path, Node node) {
            return new NodeImage(path, node.data, node.czxid, node.mzxid, node.ctime, node.mtime,
                    node.version, node.cversion, node.aversion, node.ephemeralOwner, node.pzxid, node.perms);
        }

        Node toNode(Edit owner) {
            Node node = new Node(path, owner, data, czxid, ctime, ephemeralOwner, perms);
            node.mzxid = mzxid;
            node.mtime = mtime;
            node.version = version;
            node.cversion = cversion;
            node.aversion = aversion;
            node.pzxid = pzxid;
            return node;
        }
    }
}

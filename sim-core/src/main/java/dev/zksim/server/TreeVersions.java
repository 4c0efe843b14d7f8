package dev.zksim.server;

import dev.zksim.api.Stat;
import dev.zksim.server.tree.DataTree;
import dev.zksim.server.watch.NodeVersions;

/** The data tree as the setWatches catch-up reads it (reference 3.6). */
final class TreeVersions implements NodeVersions {
    private final DataTree tree;

    TreeVersions(DataTree tree) {
        this.tree = tree;
    }

    @Override
    public boolean exists(String path) {
        return tree.exists(path);
    }

    @Override
    public long mzxid(String path) {
        return require(path).mzxid();
    }

    @Override
    public long pzxid(String path) {
        return require(path).pzxid();
    }

    private Stat require(String path) {
        Stat stat = tree.stat(path);
        if (stat == null) {
            throw new IllegalArgumentException("no node at " + path);
        }
        return stat;
    }
}

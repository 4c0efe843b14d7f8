package dev.zksim.conformance;

import dev.zksim.api.CreateMode;
import dev.zksim.api.Op;
import dev.zksim.api.WatcherType;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One operation of a program. Paths are absolute and usually under the program's parent
 * {@code /t}; invalid ones are generated on purpose. {@link Check} appears only inside a
 * {@link Multi}, as in ZooKeeper's Java API. {@link Close} and {@link Expire} end the
 * acting client's session; later operations of that client fail with SessionExpired.
 */
public sealed interface Operation {

    /** How the operation reads in a script, without the client prefix. */
    String render();

    record Create(String path, Payload data, CreateMode mode, boolean withStat) implements Operation {
        @Override
        public String render() {
            return (withStat ? "create2 " : "create ") + path + " " + data.render() + " " + mode;
        }
    }

    record Delete(String path, int version) implements Operation {
        @Override
        public String render() {
            return "delete " + path + " v=" + version;
        }
    }

    record SetData(String path, Payload data, int version) implements Operation {
        @Override
        public String render() {
            return "setData " + path + " " + data.render() + " v=" + version;
        }
    }

    record Check(String path, int version) implements Operation {
        @Override
        public String render() {
            return "check " + path + " v=" + version;
        }
    }

    record Exists(String path, WatchKind watch) implements Operation {
        @Override
        public String render() {
            return "exists " + path + watch.render();
        }
    }

    record GetData(String path, WatchKind watch) implements Operation {
        @Override
        public String render() {
            return "getData " + path + watch.render();
        }
    }

    record GetChildren(String path, WatchKind watch, boolean withStat) implements Operation {
        @Override
        public String render() {
            return (withStat ? "getChildren2 " : "getChildren ") + path + watch.render();
        }
    }

    record Sync(String path) implements Operation {
        @Override
        public String render() {
            return "sync " + path;
        }
    }

    /** addWatch(path, own watcher, PERSISTENT or PERSISTENT_RECURSIVE) (3.6+). */
    record AddWatch(String path, boolean recursive) implements Operation {
        @Override
        public String render() {
            return "addWatch " + path + (recursive ? " recursive" : " persistent");
        }
    }

    /**
     * removeWatches(path, own watcher, type, local), or removeAllWatches(path, type, local)
     * when {@code all} (3.5+).
     */
    record RemoveWatches(String path, boolean all, WatcherType type, boolean local) implements Operation {
        @Override
        public String render() {
            return (all ? "removeAllWatches " : "removeWatches ") + path + " " + type + (local ? " local" : "");
        }
    }

    /** getEphemerals(prefix): the acting session's ephemeral paths (3.6+). */
    record GetEphemerals(String prefixPath) implements Operation {
        @Override
        public String render() {
            return "getEphemerals " + prefixPath;
        }
    }

    /** getAllChildrenNumber(path): how many descendants a node has (3.6+). */
    record GetAllChildrenNumber(String path) implements Operation {
        @Override
        public String render() {
            return "getAllChildrenNumber " + path;
        }
    }

    /** A multi of Create, Delete, SetData and Check operations. */
    record Multi(List<Operation> ops) implements Operation {
        public Multi {
            ops = List.copyOf(ops);
        }

        @Override
        public String render() {
            return "multi [" + ops.stream().map(Operation::render).collect(Collectors.joining("; ")) + "]";
        }

        /** The ops in the client API's form. */
        public List<Op> toApi() {
            return ops.stream().map(Multi::toApi).toList();
        }

        private static Op toApi(Operation op) {
            return switch (op) {
                case Create c -> Op.create(c.path(), c.data().bytes(), c.mode());
                case Delete d -> Op.delete(d.path(), d.version());
                case SetData s -> Op.setData(s.path(), s.data().bytes(), s.version());
                case Check c -> Op.check(c.path(), c.version());
                case Exists e -> throw notInMulti(e);
                case GetData g -> throw notInMulti(g);
                case GetChildren g -> throw notInMulti(g);
                case Sync s -> throw notInMulti(s);
                case GetEphemerals g -> throw notInMulti(g);
                case AddWatch w -> throw notInMulti(w);
                case RemoveWatches r -> throw notInMulti(r);
                case GetAllChildrenNumber g -> throw notInMulti(g);
                case Multi m -> throw notInMulti(m);
                case Close c -> throw notInMulti(c);
                case Expire e -> throw notInMulti(e);
            };
        }

        private static IllegalStateException notInMulti(Operation op) {
            return new IllegalStateException("not a multi op: " + op.render());
        }
    }

    /** Closes the client's handle (closeSession). */
    record Close() implements Operation {
        @Override
        public String render() {
            return "close";
        }
    }

    /** Expires the client's session on the servers; the client learns it on reconnect. */
    record Expire() implements Operation {
        @Override
        public String render() {
            return "expire-session";
        }
    }
}

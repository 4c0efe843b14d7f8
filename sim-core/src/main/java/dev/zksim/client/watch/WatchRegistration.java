package dev.zksim.client.watch;

import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.Watcher;
import java.util.Objects;
import java.util.Optional;

/**
 * The watch a read or an addWatch asks for, kept with the pending request until its reply
 * arrives. Only
 * the reply's result code decides whether and where the watch lands (reference 3.1): a
 * read that fails, including with ConnectionLoss, registers nothing on the client.
 */
public sealed interface WatchRegistration {

    String path();

    Watcher watcher();

    /**
     * The table this registration goes to for a reply with result code {@code rc}, or
     * empty when the reply registers nothing.
     */
    Optional<ClientWatchKind> tableFor(Code rc);

    /** exists(path, watcher): the data table if the node exists, the exist table if not. */
    record Exists(String path, Watcher watcher) implements WatchRegistration {
        public Exists {
            requireValid(path, watcher);
        }

        @Override
        public Optional<ClientWatchKind> tableFor(Code rc) {
            return switch (rc) {
                case OK -> Optional.of(ClientWatchKind.DATA);
                case NONODE -> Optional.of(ClientWatchKind.EXIST);
                default -> Optional.empty();
            };
        }
    }

    /** getData(path, watcher): the data table, only when the node exists. */
    record GetData(String path, Watcher watcher) implements WatchRegistration {
        public GetData {
            requireValid(path, watcher);
        }

        @Override
        public Optional<ClientWatchKind> tableFor(Code rc) {
            return rc == Code.OK ? Optional.of(ClientWatchKind.DATA) : Optional.empty();
        }
    }

    /** getChildren(path, watcher): the child table, only when the node exists. */
    record GetChildren(String path, Watcher watcher) implements WatchRegistration {
        public GetChildren {
            requireValid(path, watcher);
        }

        @Override
        public Optional<ClientWatchKind> tableFor(Code rc) {
            return rc == Code.OK ? Optional.of(ClientWatchKind.CHILD) : Optional.empty();
        }
    }

    /** addWatch(path, watcher, PERSISTENT); the server does not check that the node exists. */
    record AddPersistentWatch(String path, Watcher watcher) implements WatchRegistration {
        public AddPersistentWatch {
            requireValid(path, watcher);
        }

        @Override
        public Optional<ClientWatchKind> tableFor(Code rc) {
            return rc == Code.OK || rc == Code.NONODE ? Optional.of(ClientWatchKind.PERSISTENT) : Optional.empty();
        }
    }

    /** addWatch(path, watcher, PERSISTENT_RECURSIVE); no existence check either. */
    record AddRecursiveWatch(String path, Watcher watcher) implements WatchRegistration {
        public AddRecursiveWatch {
            requireValid(path, watcher);
        }

        @Override
        public Optional<ClientWatchKind> tableFor(Code rc) {
            return rc == Code.OK || rc == Code.NONODE
                ? Optional.of(ClientWatchKind.PERSISTENT_RECURSIVE)
                : Optional.empty();
        }
    }

    // A read without a watcher carries no registration at all, so null is a caller bug.
    private static void requireValid(String path, Watcher watcher) {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(watcher, "watcher");
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("path must be absolute: " + path);
        }
    }
}

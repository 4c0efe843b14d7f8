package dev.zksim.client.watch;

import dev.zksim.api.EventType;
import dev.zksim.api.KeeperException.Code;
import dev.zksim.api.KeeperState;
import dev.zksim.api.WatchedEvent;
import dev.zksim.api.Watcher;
import dev.zksim.api.WatcherType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SequencedSet;

/**
 * The client's watch tables and its dispatch rules (ZooKeeper's ZKWatchManager): data,
 * exist and child tables (one-shot) and persistent and recursive tables (kept until
 * removed) map a path to an insertion-ordered set of Watchers, plus the default watcher
 * given to the handle.
 *
 * <p>Watchers are told apart by {@code equals}, which for lambdas and ordinary classes is
 * object identity; ZooKeeper collects them in a hash set, so a Watcher class that
 * overrides {@code equals} is deduplicated by value there and here alike. Insertion-ordered
 * sets keep the call order independent of identity hashes, which differ between runs.
 *
 * <p>{@link #materialize} also applies the repeated-state filter of reference 3.5, so the
 * client library must pass every incoming event through it exactly once, in arrival order.
 */
public final class ClientWatchManager {

    private final Watcher defaultWatcher;
    private final Map<ClientWatchKind, Map<String, LinkedHashSet<Watcher>>> tables =
        new EnumMap<>(ClientWatchKind.class);
    private final SessionEventFilter sessionEventFilter = new SessionEventFilter();

    /** @param defaultWatcher the watcher given to the handle's constructor, or null for none */
    public ClientWatchManager(Watcher defaultWatcher) {
        this.defaultWatcher = defaultWatcher;
        for (ClientWatchKind kind : ClientWatchKind.values()) {
            tables.put(kind, new LinkedHashMap<>());
        }
    }

    /** The watcher that {@code watch=true} stands for, if the handle has one. */
    public Optional<Watcher> defaultWatcher() {
        return Optional.ofNullable(defaultWatcher);
    }

    /**
     * Records the watch of a read whose reply arrived with result code {@code rc}, if that
     * code registers one (reference 3.1). Returns the table it went to.
     */
    public Optional<ClientWatchKind> register(WatchRegistration registration, Code rc) {
        Optional<ClientWatchKind> kind = registration.tableFor(Objects.requireNonNull(rc, "rc"));
        // Each set is sized for the one Watcher a path usually gets before its event consumes it.
        kind.ifPresent(k -> table(k).computeIfAbsent(registration.path(), path -> LinkedHashSet.newLinkedHashSet(1))
            .add(registration.watcher()));
        return kind;
    }

    /**
     * The Watchers to call for one incoming event, each at most once, in a fixed order
     * (data, exist, child, persistent, then recursive from the path up to the root);
     * consumed standard watches are removed and persistent ones stay (reference 3.3). A
     * session event goes to the default watcher and every registered Watcher without
     * consuming anything (3.5), unless it repeats the last state, in which case nobody gets
     * it and the list is empty.
     */
    public List<Watcher> materialize(WatchedEvent event) {
        if (!sessionEventFilter.admit(event)) {
            return List.of();
        }
        Picked watchers = new Picked();
        String path = event.path();
        switch (event.type()) {
            case None -> collectForSessionEvent(watchers);
            case NodeCreated, NodeDataChanged -> {
                consume(ClientWatchKind.DATA, path, watchers);
                consume(ClientWatchKind.EXIST, path, watchers);
                collectPersistent(path, true, watchers);
            }
            // Recursive watches never take children events, even when the server sends one
            // because the same connection also holds a child or persistent watch on path.
            case NodeChildrenChanged -> {
                consume(ClientWatchKind.CHILD, path, watchers);
                collectPersistent(path, false, watchers);
            }
            case NodeDeleted -> {
                consume(ClientWatchKind.DATA, path, watchers);
                consume(ClientWatchKind.EXIST, path, watchers);
                consume(ClientWatchKind.CHILD, path, watchers);
                collectPersistent(path, true, watchers);
            }
            // These are made by the client itself when a removal completes (see remove), and
            // go straight to the removed Watchers; a server never sends them.
            case DataWatchRemoved, ChildWatchRemoved, PersistentWatchRemoved ->
                throw new IllegalArgumentException("watch removal events do not pass through the tables: " + event);
        }
        return watchers.toList();
    }

    /**
     * Applies the outcome {@code rc} of a removeWatches ({@code watcher} given) or
     * removeAllWatches ({@code watcher} null) request to the tables, as ZooKeeper's client
     * does when the reply arrives or the request fails locally: a path that holds no such
     * Watcher here fails with NoWatcher whatever the server said; a failed request removes
     * nothing unless {@code local}; a removal that took anything completes with OK, even
     * after a failed request.
     */
    public WatchRemoval remove(String path, Watcher watcher, WatcherType type, boolean local, Code rc) {
        List<ClientWatchKind> kinds = kindsOf(type);
        if (kinds.stream().noneMatch(kind -> holds(kind, path, watcher))) {
            return WatchRemoval.failed(Code.NOWATCHER);
        }
        if (rc != Code.OK && !local) {
            return WatchRemoval.failed(rc);
        }
        Map<EventType, List<Watcher>> removed = new LinkedHashMap<>();
        for (ClientWatchKind kind : kinds) {
            List<Watcher> taken = take(kind, path, watcher);
            if (!taken.isEmpty()) {
                LinkedHashSet<Watcher> told = new LinkedHashSet<>(removed.getOrDefault(removalEvent(kind), List.of()));
                told.addAll(taken);
                removed.put(removalEvent(kind), List.copyOf(told));
            }
        }
        return new WatchRemoval(Code.OK, removed);
    }

    /** The tables a WatcherType names, in ZooKeeper's order. */
    private static List<ClientWatchKind> kindsOf(WatcherType type) {
        return switch (type) {
            case Children -> List.of(ClientWatchKind.CHILD);
            case Data -> List.of(ClientWatchKind.DATA, ClientWatchKind.EXIST);
            case Persistent -> List.of(ClientWatchKind.PERSISTENT);
            case PersistentRecursive -> List.of(ClientWatchKind.PERSISTENT_RECURSIVE);
            case Any -> List.of(ClientWatchKind.CHILD, ClientWatchKind.DATA, ClientWatchKind.EXIST,
                ClientWatchKind.PERSISTENT, ClientWatchKind.PERSISTENT_RECURSIVE);
        };
    }

    private static EventType removalEvent(ClientWatchKind kind) {
        return switch (kind) {
            case DATA, EXIST -> EventType.DataWatchRemoved;
            case CHILD -> EventType.ChildWatchRemoved;
            case PERSISTENT, PERSISTENT_RECURSIVE -> EventType.PersistentWatchRemoved;
        };
    }

    /** Whether the table holds the Watcher on the path, or any Watcher when it is null. */
    private boolean holds(ClientWatchKind kind, String path, Watcher watcher) {
        LinkedHashSet<Watcher> registered = table(kind).get(path);
        return registered != null && (watcher == null ? !registered.isEmpty() : registered.contains(watcher));
    }

    /** Removes the Watcher (or, when null, every Watcher) from the path's entry in one table. */
    private List<Watcher> take(ClientWatchKind kind, String path, Watcher watcher) {
        LinkedHashSet<Watcher> registered = table(kind).get(path);
        if (registered == null) {
            return List.of();
        }
        if (watcher == null) {
            table(kind).remove(path);
            return List.copyOf(registered);
        }
        if (!registered.remove(watcher)) {
            return List.of();
        }
        if (registered.isEmpty()) {
            table(kind).remove(path);
        }
        return List.of(watcher);
    }

    /** The state of the last event let through, Disconnected before the first one. */
    public KeeperState lastDeliveredState() {
        return sessionEventFilter.lastState();
    }

    /** The paths to re-arm with setWatches after a reconnect, each list sorted. */
    public WatchPaths pathsForReconnect() {
        return new WatchPaths(sortedPaths(ClientWatchKind.DATA), sortedPaths(ClientWatchKind.EXIST),
            sortedPaths(ClientWatchKind.CHILD), sortedPaths(ClientWatchKind.PERSISTENT),
            sortedPaths(ClientWatchKind.PERSISTENT_RECURSIVE));
    }

    /** The Watchers waiting in one table on one path, in registration order. */
    public List<Watcher> watchers(ClientWatchKind kind, String path) {
        LinkedHashSet<Watcher> watchers = table(kind).get(path);
        return watchers == null ? List.of() : List.copyOf(watchers);
    }

    /** True when no table holds a watch; the default watcher does not count. */
    public boolean isEmpty() {
        return tables.values().stream().allMatch(Map::isEmpty);
    }

    private void collectForSessionEvent(Picked watchers) {
        if (defaultWatcher != null) {
            watchers.add(List.of(defaultWatcher));
        }
        for (Map<String, LinkedHashSet<Watcher>> table : tables.values()) {
            table.values().forEach(watchers::add);
        }
    }

    /**
     * Adds the persistent watchers of path and, if asked, the recursive ones of path and its
     * ancestors. Most clients hold no recursive watch, and then the walk up the path (a
     * substring per ancestor for every event) is skipped.
     */
    private void collectPersistent(String path, boolean includeRecursive, Picked watchers) {
        addAll(ClientWatchKind.PERSISTENT, path, watchers);
        if (includeRecursive && !table(ClientWatchKind.PERSISTENT_RECURSIVE).isEmpty()) {
            for (String ancestor : ancestorsOrSelf(path)) {
                addAll(ClientWatchKind.PERSISTENT_RECURSIVE, ancestor, watchers);
            }
        }
    }

    private void addAll(ClientWatchKind kind, String path, Picked watchers) {
        watchers.add(table(kind).get(path));
    }

    /**
     * The path, then each ancestor up to the root. The server package has the same small
     * walk; neither may depend on the other or on the API's path helpers.
     */
    static List<String> ancestorsOrSelf(String path) {
        List<String> paths = new ArrayList<>();
        String current = path;
        paths.add(current);
        while (!current.equals("/")) {
            int lastSlash = current.lastIndexOf('/');
            current = lastSlash == 0 ? "/" : current.substring(0, lastSlash);
            paths.add(current);
        }
        return paths;
    }

    private void consume(ClientWatchKind kind, String path, Picked watchers) {
        watchers.add(table(kind).remove(path));
    }

    private List<String> sortedPaths(ClientWatchKind kind) {
        List<String> paths = new ArrayList<>(table(kind).keySet());
        paths.sort(null);
        return paths;
    }

    private Map<String, LinkedHashSet<Watcher>> table(ClientWatchKind kind) {
        return tables.get(kind);
    }

    /**
     * The Watchers one event picks, each once, in the order their table entries were added.
     * A node event almost always finds a single entry (the one watch a client set on the
     * path), which already holds each Watcher once: it is kept as it is, and a set that
     * drops repeats is built only when a second entry adds to it.
     */
    private static final class Picked {
        private Collection<Watcher> only;
        private SequencedSet<Watcher> merged;

        /** Adds a table entry's Watchers; null or empty adds nothing. */
        void add(Collection<Watcher> entry) {
            if (entry == null || entry.isEmpty()) {
                return;
            }
            if (merged != null) {
                merged.addAll(entry);
            } else if (only == null) {
                only = entry;
            } else {
                merged = new LinkedHashSet<>(only);
                merged.addAll(entry);
            }
        }

        /** A copy, taken before any Watcher runs and may change the tables the entries live in. */
        List<Watcher> toList() {
            Collection<Watcher> picked = merged != null ? merged : only;
            return picked == null ? List.of() : List.copyOf(picked);
        }
    }
}

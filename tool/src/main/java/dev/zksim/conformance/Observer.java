package dev.zksim.conformance;

import dev.zksim.api.KeeperState;
import dev.zksim.api.Watcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The bookkeeping both sides share for one program run: a log and two watchers per client
 * (the handle's default watcher and one other object), the normaliser once the base zxid
 * and the sessions are known, and the step entries collected so far.
 */
final class Observer {
    private final List<ClientLog> logs = new ArrayList<>();
    private final List<Watcher> defaults = new ArrayList<>();
    private final List<Watcher> owns = new ArrayList<>();
    private final List<String> entries = new ArrayList<>();
    private final List<CompletableFuture<Void>> ends = new ArrayList<>();
    private volatile Normalizer normalizer = new Normalizer(0, new LinkedHashMap<>());

    Observer(int clients) {
        for (int i = 0; i < clients; i++) {
            ClientLog log = new ClientLog();
            CompletableFuture<Void> end = new CompletableFuture<>();
            logs.add(log);
            ends.add(end);
            defaults.add(event -> {
                log.add(normalizer.event("default", event));
                if (event.state() == KeeperState.Expired || event.state() == KeeperState.Closed) {
                    end.complete(null);
                }
            });
            owns.add(event -> log.add(normalizer.event("own", event)));
        }
    }

    Watcher defaultWatcher(int client) {
        return defaults.get(client);
    }

    Watcher ownWatcher(int client) {
        return owns.get(client);
    }

    ClientLog log(int client) {
        return logs.get(client);
    }

    /** Fixes the zxid base and the session owners once every client has connected. */
    void connected(long base, List<Long> sessions) {
        Map<Long, String> owners = new LinkedHashMap<>();
        for (int i = 0; i < sessions.size(); i++) {
            owners.put(sessions.get(i), "c" + (i + 1));
        }
        normalizer = new Normalizer(base, owners);
    }

    /** Records the reply of a call in the client's log when its stage completes. */
    void recordReply(int client, CompletionStage<?> stage, Runnable after) {
        stage.whenComplete((value, error) -> {
            logs.get(client).add(error == null ? normalizer.value(value) : normalizer.failure(error));
            after.run();
        });
    }

    void recordLine(int client, String line) {
        logs.get(client).add(line);
    }

    /** True once the client's default watcher was told its session ended (Expired or Closed). */
    boolean ended(int client) {
        return ends.get(client).isDone();
    }

    /** Completes when the client's default watcher is told its session ended. */
    CompletableFuture<Void> end(int client) {
        return ends.get(client);
    }

    /**
     * Ends a step: takes every client's lines as one entry. For an expiry, the victim keeps
     * only the Expired event of its default watcher: how it loses its connection first
     * (Disconnected, a brief reconnect, watch events of its own ephemerals, which consume
     * the watches that would otherwise also hear Expired) depends on how the side ends the
     * session, which differs by design between the two sides.
     */
    void endStep(int expiredClient) {
        List<List<String>> perClient = new ArrayList<>();
        for (int i = 0; i < logs.size(); i++) {
            List<String> lines = logs.get(i).drain();
            if (i == expiredClient) {
                lines = lines.stream().filter(line -> line.endsWith("default " + KeeperState.Expired)).toList();
            }
            perClient.add(sortSimultaneous(lines));
        }
        entries.add(Outcome.entry(perClient));
    }

    /**
     * One notification delivered to several watchers of a client (a session event reaches
     * every registered watcher; a node event may reach the default watcher and the other
     * one) arrives in ZooKeeper's hash-set order, which is unspecified. Such a run of
     * lines, equal but for the watcher's name, is sorted so both sides compare equal. So is
     * a run of NodeDeleted events of one txn (one zxid): a closed session's ephemerals are
     * deleted in the order of ZooKeeper's hash set, which zksim draws; compared as a set, this
     * also forgoes comparing the order of one multi's deletes, which is specified. A removal's
     * events on one path are sorted as well (see {@link #removedAtOnce}).
     */
    private static List<String> sortSimultaneous(List<String> lines) {
        List<String> result = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            int j = i + 1;
            while (j < lines.size() && sameEvent(lines.get(i), lines.get(j))) {
                j++;
            }
            List<String> run = new ArrayList<>(lines.subList(i, j));
            run.sort(null);
            result.addAll(run);
            i = j;
        }
        return result;
    }

    private static boolean sameEvent(String a, String b) {
        return a.startsWith("event ") && b.startsWith("event ")
                && (withoutWatcher(a).equals(withoutWatcher(b)) || deletedInOneTxn(a, b) || removedAtOnce(a, b));
    }

    /**
     * One removal tells its watchers grouped by event type in a hash map and within a type in
     * a hash set (ClientCnxn.finishPacket), so a run of removal events on one path compares
     * as a set.
     */
    private static boolean removedAtOnce(String a, String b) {
        String[] first = withoutWatcher(a).trim().split(" ");
        String[] second = withoutWatcher(b).trim().split(" ");
        return first.length >= 2 && second.length >= 2 && first[0].endsWith("WatchRemoved")
                && second[0].endsWith("WatchRemoved") && first[1].equals(second[1]);
    }

    private static boolean deletedInOneTxn(String a, String b) {
        String[] first = withoutWatcher(a).trim().split(" ");
        String[] second = withoutWatcher(b).trim().split(" ");
        return first.length == 3 && second.length == 3 && first[0].equals("NodeDeleted") && second[0].equals("NodeDeleted")
                && first[2].equals(second[2]);
    }

    private static String withoutWatcher(String line) {
        String rest = line.substring("event ".length());
        int space = rest.indexOf(' ');
        return space < 0 ? rest : rest.substring(space);
    }

    Outcome outcome() {
        return new Outcome(entries);
    }
}

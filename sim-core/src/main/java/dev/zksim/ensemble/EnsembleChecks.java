package dev.zksim.ensemble;

import dev.zksim.kernel.SimulationFailure;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.server.ZkServer;
import dev.zksim.server.persist.ZkDatabase;
import dev.zksim.server.tree.Transaction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The server-side self-checks of an ensemble, run periodically while the ensemble runs and
 * on demand at the end of a run: replicas that have applied the same zxid hold equal data
 * trees, and no ephemeral node outlives the session that owns it (its closeSession txn
 * deletes them all in the same step). The per-client checks live in {@link
 * ClientOrderCheck}; the Zab checks (one leader per epoch, committed histories that are
 * prefixes of each other) in the Zab monitor.
 */
public final class EnsembleChecks {
    private final Ensemble ensemble;
    private int verifiedAcks;
    /**
     * Each server's database (null for a server that is down) and its count of applied txns,
     * as they stood when the replica checks last passed; null before the first.
     */
    private ZkDatabase[] checkedDatabases;
    private long[] checkedApplied;

    EnsembleChecks(Ensemble ensemble) {
        this.ensemble = ensemble;
    }

    /**
     * Runs every server-side check now; throws a safety failure on the first violation. The
     * replica checks run only if some server's database moved since they last passed (another
     * database after a crash, a restart or a snapshot from the leader, or txns applied): they
     * read nothing else, so over a run's quiet seconds they would only repeat a pass.
     */
    public void verifyNow() {
        verifyLeaderEmerged();
        ZkDatabase[] databases = databases();
        long[] applied = appliedCounts(databases);
        if (!Arrays.equals(databases, checkedDatabases) || !Arrays.equals(applied, checkedApplied)) {
            verifyEphemeralOwners();
            verifyReplicasAgree();
            checkedDatabases = databases;
            checkedApplied = applied;
        }
        verifyZab();
        verifyAcknowledgedWrites();
    }

    /**
     * Each server's database in the ensemble's order of servers, null for a server that is down.
     * Plain loops here and in {@link #appliedCounts}: both run once a simulated second of every
     * run, and as streams they took nearly a hundredth of a lock-standard sweep's samples.
     */
    private ZkDatabase[] databases() {
        List<String> ids = ensemble.serverIds();
        ZkDatabase[] databases = new ZkDatabase[ids.size()];
        for (int i = 0; i < databases.length; i++) {
            databases[i] = ensemble.server(ids.get(i)).map(ZkServer::database).orElse(null);
        }
        return databases;
    }

    /** How many txns each database has applied, 0 for a server that is down. */
    private static long[] appliedCounts(ZkDatabase[] databases) {
        long[] applied = new long[databases.length];
        for (int i = 0; i < databases.length; i++) {
            applied[i] = databases[i] == null ? 0 : databases[i].applied();
        }
        return applied;
    }

    /** One leader per epoch, and committed histories that are prefixes of each other. */
    public void verifyZab() {
        List<String> violations = ensemble.zabInvariants().violations();
        if (!violations.isEmpty()) {
            fail("Zab invariants violated: " + String.join("; ", violations));
        }
    }

    /**
     * Every acknowledged write is in the committed history at its zxid, as the very request
     * the client sent (same session and xid). With a standalone server the history is what
     * it committed; a restart that lost an acknowledged txn reuses its zxid for another txn,
     * which the Zab invariants report.
     */
    public void verifyAcknowledgedWrites() {
        AckedWrites acks = ensemble.ackedWrites();
        // Each acknowledgement is matched once: the Zab invariants already fail any later
        // delivery that puts another transaction at a zxid that was committed before.
        for (; verifiedAcks < acks.size(); verifiedAcks++) {
            AckedWrites.Ack ack = acks.get(verifiedAcks);
            Object payload = ensemble.zabInvariants().committedAt(ack.zxid());
            if (!(payload instanceof Transaction txn)) {
                fail(ack.client() + "'s " + ack.operation() + " (xid " + ack.xid() + ") was acknowledged at zxid 0x"
                        + Long.toHexString(ack.zxid()) + " but no committed transaction has that zxid");
            } else if (txn.header().sessionId() != ack.sessionId() || txn.header().cxid() != ack.xid()) {
                fail(ack.client() + "'s " + ack.operation() + " (xid " + ack.xid() + ") was acknowledged at zxid 0x"
                        + Long.toHexString(ack.zxid()) + " but the committed transaction there is " + txn.header());
            }
        }
    }

    /** Every session that owns an ephemeral node is a live session of that replica. */
    public void verifyEphemeralOwners() {
        for (String id : ensemble.serverIds()) {
            Optional<ZkServer> server = ensemble.server(id);
            if (server.isEmpty()) {
                continue;
            }
            ZkDatabase database = server.get().database();
            for (long owner : database.tree().sessionsWithEphemerals()) {
                if (!database.hasSession(owner)) {
                    fail(id + " holds ephemerals " + database.tree().ephemerals(owner) + " of session 0x"
                            + Long.toHexString(owner) + ", which is closed");
                }
            }
        }
    }

    /**
     * Replicas at the same lastProcessedZxid have identical trees. A tree's digest is a walk
     * over all its nodes, so only replicas that share their zxid with another are digested:
     * under load the replicas are mostly at different zxids, and a large tree made this check
     * cost more than the run it checks.
     */
    public void verifyReplicasAgree() {
        Map<Long, List<String>> serversAtZxid = new LinkedHashMap<>();
        for (String id : ensemble.serverIds()) {
            Optional<ZkServer> server = ensemble.server(id);
            if (server.isPresent()) {
                serversAtZxid.computeIfAbsent(server.get().database().lastProcessedZxid(), zxid -> new ArrayList<>()).add(id);
            }
        }
        serversAtZxid.forEach((zxid, ids) -> {
            if (ids.size() < 2) {
                return;
            }
            long expected = ensemble.server(ids.get(0)).orElseThrow().database().tree().digest();
            for (String id : ids.subList(1, ids.size())) {
                if (ensemble.server(id).orElseThrow().database().tree().digest() != expected) {
                    fail(ids.get(0) + " and " + id + " both applied up to zxid 0x" + Long.toHexString(zxid)
                            + " but their data trees differ");
                }
            }
        });
    }

    /**
     * A leader emerges within a bound (the Zab specs' liveness property, checked while the run
     * goes rather than only at its end): once no fault has touched the servers or the network
     * between them for twice ZooKeeper's own recovery bound, and a quorum of servers is
     * running, some server leads. Twice the bound leaves room for an election that a restart
     * or a heal started late in the window. An election whose votes never settle (a vote
     * order that cycles) fails here, long before the run ends.
     */
    public void verifyLeaderEmerged() {
        EnsembleConfig config = ensemble.config();
        long bound = 2 * config.quorumRecoveryBound();
        if (!ensemble.faults().serversUndisturbedFor(bound) || runningServers() <= config.servers() / 2) {
            return;
        }
        if (ensemble.leader().isEmpty()) {
            throw SimulationFailure.liveness(ensemble.simulation().now(), "no leader emerged although a quorum of servers"
                    + " ran undisturbed for " + Time.format(bound) + ", twice ZooKeeper's recovery bound");
        }
    }

    private int runningServers() {
        int running = 0;
        for (String id : ensemble.serverIds()) {
            if (ensemble.serverProcess(id).state() == SimProcess.State.RUNNING) {
                running++;
            }
        }
        return running;
    }

    /** The servers that are up, for checks that only make sense on live replicas. */
    List<String> liveServers() {
        return ensemble.faults().liveServers();
    }

    private void fail(String what) {
        throw SimulationFailure.safety(ensemble.simulation().now(), "ensemble self-check failed: " + what);
    }
}

package dev.zksim.server.zab;

import dev.zksim.kernel.Time;
import dev.zksim.kernel.Timer;
import dev.zksim.kernel.net.Connection;
import dev.zksim.kernel.net.ConnectionHandler;
import dev.zksim.server.zab.ZabMessage.Notification;
import java.util.Map;
import java.util.TreeMap;

/**
 * Fast leader election (reference 5.2). While LOOKING, the peer broadcasts its vote on its
 * own outgoing election connection to every other member, adopts better votes of its round
 * and rebroadcasts, and decides once a quorum agrees with its vote and no better vote came
 * within finalizeWait. Peers that already follow or lead answer a LOOKING peer's
 * notification on the connection it came in on, which lets a late joiner adopt an
 * established leader once a quorum of them names it and the leader itself says LEADING.
 *
 * <p>Partitions cut connections silently, so a retransmission round that finds a peer
 * silent since the last one also redials it. The retransmission interval starts at 200 ms
 * and doubles, up to a cap, each time a round passes without any notification.
 */
final class FastElection {
    private static final long FIRST_INTERVAL = Time.millis(200);

    private final QuorumPeer peer;
    private final long myId;
    private final Map<Long, Connection> outgoing = new TreeMap<>();
    private final Map<Long, Connection> incoming = new TreeMap<>();
    private final Map<Long, Long> lastHeard = new TreeMap<>();
    private final Map<Long, Vote> received = new TreeMap<>();
    private final Map<Long, Notification> outOfElection = new TreeMap<>();
    private boolean looking;
    private long round;
    private Vote proposed;
    private Vote decided;
    private Timer retransmit;
    private Timer finalizer;
    private long interval;
    private long lastRetransmit;
    private boolean heardSinceRetransmit;

    FastElection(QuorumPeer peer) {
        this.peer = peer;
        this.myId = peer.myId();
    }

    long round() {
        return round;
    }

    /** Starts a new round with a vote for this peer's own history. */
    void startLooking(Vote self, String reason) {
        looking = true;
        round++;
        received.clear();
        outOfElection.clear();
        peer.trace(new ZabEvent.Looking(round, reason));
        interval = FIRST_INTERVAL;
        lastRetransmit = peer.process().now();
        propose(null, self);
        armRetransmit();
        checkQuorum();
    }

    /** Handles a notification from any election connection, in any role. */
    void onNotification(Connection connection, Notification n) {
        lastHeard.put(n.sid(), peer.process().now());
        if (outgoing.get(n.sid()) != connection) {
            incoming.put(n.sid(), connection);
        }
        heardSinceRetransmit = true;
        if (!looking) {
            if (n.state() == Role.LOOKING && decided != null) {
                connection.send(new Notification(myId, peer.role(), round, decided));
            }
            return;
        }
        switch (n.state()) {
            case LOOKING -> onLookingVote(connection, n);
            case FOLLOWING, LEADING -> onEstablishedVote(n);
        }
    }

    private void onLookingVote(Connection connection, Notification n) {
        if (n.round() > round) {
            round = n.round();
            received.clear();
            Vote self = peer.selfVote();
            Vote better = beats(n.vote(), self) ? n.vote() : self;
            Vote other = better == self ? n.vote() : self;
            propose(other.equals(better) ? null : other, better);
        } else if (n.round() < round) {
            connection.send(notification());
            return;
        } else if (beats(n.vote(), proposed)) {
            propose(proposed, n.vote());
        }
        received.put(n.sid(), n.vote());
        checkQuorum();
    }

    /**
     * A FOLLOWING or LEADING peer answered: maybe a leader is already established. Peers
     * that joined it in different rounds still agree, because once synced each reports
     * the leader with the epoch they are in (see {@link #epochEstablished}).
     */
    private void onEstablishedVote(Notification n) {
        long leader = n.vote().leader();
        if (n.round() == round) {
            received.put(n.sid(), n.vote());
            if (agreeing(received, n.vote()) && leaderConfirmed(leader, n.round())) {
                decide(n.vote(), n.round());
                return;
            }
        }
        outOfElection.put(n.sid(), n);
        int agree = 0;
        for (Notification other : outOfElection.values()) {
            if (other.vote().leader() == leader && other.vote().peerEpoch() == n.vote().peerEpoch()) {
                agree++;
            }
        }
        if (peer.config().isQuorum(agree) && leaderConfirmed(leader, n.round())) {
            round = n.round();
            decide(n.vote(), n.round());
        }
    }

    /** The named leader must itself say LEADING, or be this peer in the same round. */
    private boolean leaderConfirmed(long leader, long electionRound) {
        if (leader == myId) {
            return round == electionRound;
        }
        Notification fromLeader = outOfElection.get(leader);
        return fromLeader != null && fromLeader.state() == Role.LEADING;
    }

    /** The vote order, or the broken one of ZOOKEEPER-1419 when that bug is re-introduced. */
    private boolean beats(Vote vote, Vote other) {
        return peer.config().has(KnownBug.ZK_1419) ? vote.beatsWithout1419Fix(other) : vote.beats(other);
    }

    private boolean agreeing(Map<Long, Vote> votes, Vote vote) {
        int count = 0;
        for (Vote other : votes.values()) {
            if (other.equals(vote)) {
                count++;
            }
        }
        return peer.config().isQuorum(count);
    }

    /**
     * Adopts a vote, tells every other member, and restarts any pending finalize wait;
     * {@code replaced} is the vote it preferred this one to: the vote of this round it gives
     * up, or on joining a newer round the one of the two candidates it did not take (null
     * when there was no other).
     */
    private void propose(Vote replaced, Vote vote) {
        peer.monitor().voteCast(myId, round, replaced, vote);
        proposed = vote;
        received.put(myId, vote);
        cancelFinalizer();
        peer.trace(new ZabEvent.VoteCast(round, vote));
        for (long sid : peer.config().others()) {
            send(sid);
        }
    }

    private void checkQuorum() {
        if (finalizer == null && agreeing(received, proposed)) {
            Vote candidate = proposed;
            finalizer = peer.process().timer(peer.config().finalizeWait(), () -> {
                finalizer = null;
                if (looking && candidate.equals(proposed)) {
                    decide(candidate, round);
                }
            });
        }
    }

    private void decide(Vote vote, long electionRound) {
        looking = false;
        decided = vote;
        cancelFinalizer();
        if (retransmit != null) {
            retransmit.cancel();
            retransmit = null;
        }
        peer.trace(new ZabEvent.Elected(vote.leader(), electionRound, vote.leader() == myId ? Role.LEADING : Role.FOLLOWING));
        peer.onElected(vote.leader());
    }

    /**
     * The term this peer follows or leads reached the given epoch. Answers to late
     * joiners carry it from now on, so that every member of the term names the same
     * (leader, epoch) whichever round it decided in (ZooKeeper's updateElectionVote).
     */
    void epochEstablished(long epoch) {
        if (decided != null) {
            decided = new Vote(decided.leader(), decided.zxid(), epoch);
        }
    }

    private Notification notification() {
        return new Notification(myId, Role.LOOKING, round, proposed);
    }

    /**
     * Sends the vote on this peer's own connection to sid, and also back on the last
     * connection sid opened to us: a partition may have silently cut one of the two, and a
     * peer that keeps hearing from sid has no reason to redial its own.
     */
    private void send(long sid) {
        Connection connection = outgoing.get(sid);
        if (connection == null) {
            dial(sid);
        } else if (connection.isOpen()) {
            connection.send(notification());
        }
        Connection back = incoming.get(sid);
        if (back != null && back.isOpen()) {
            back.send(notification());
        }
    }

    /** An election connection that sid opened to this peer is gone. */
    void onIncomingClosed(Connection connection) {
        incoming.values().remove(connection);
    }

    private void dial(long sid) {
        outgoing.put(sid, peer.network().connect(peer.process(), peer.config().processOf(sid), new Dialer(sid)));
    }

    private void armRetransmit() {
        retransmit = peer.process().timer(interval, this::onRetransmit);
    }

    /** A quiet round resends the vote and doubles the interval; silent peers are redialed. */
    private void onRetransmit() {
        if (!looking) {
            return;
        }
        long since = lastRetransmit;
        lastRetransmit = peer.process().now();
        for (long sid : peer.config().others()) {
            Connection connection = outgoing.get(sid);
            if (connection != null && lastHeard.getOrDefault(sid, -1L) < since) {
                connection.close();
                outgoing.remove(sid);
            }
        }
        boolean quiet = !heardSinceRetransmit;
        heardSinceRetransmit = false;
        if (quiet) {
            interval = Math.min(2 * interval, peer.config().maxNotificationInterval());
        }
        for (long sid : peer.config().others()) {
            if (quiet || !outgoing.containsKey(sid)) {
                send(sid);
            }
        }
        armRetransmit();
    }

    private void cancelFinalizer() {
        if (finalizer != null) {
            finalizer.cancel();
            finalizer = null;
        }
    }

    /** This peer's end of its own election connection to one member. */
    private final class Dialer implements ConnectionHandler {
        private final long sid;

        Dialer(long sid) {
            this.sid = sid;
        }

        @Override
        public void onConnected(Connection connection) {
            if (looking && outgoing.get(sid) == connection) {
                connection.send(notification());
            }
        }

        @Override
        public void onMessage(Connection connection, Object message) {
            if (message instanceof Notification n) {
                onNotification(connection, n);
            }
        }

        @Override
        public void onClosed(Connection connection, String reason) {
            outgoing.remove(sid, connection);
        }
    }
}

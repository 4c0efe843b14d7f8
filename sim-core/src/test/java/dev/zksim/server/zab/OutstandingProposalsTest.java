package dev.zksim.server.zab;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A leader's proposals awaiting acks: each server counts once, and commits go oldest first. */
class OutstandingProposalsTest {
    @Test
    void aServerAckingTwiceCountsOnceAndAnUnknownProposalIsRefused() {
        OutstandingProposals proposals = new OutstandingProposals();
        proposals.add(0x100000001L);
        assertThat(proposals.ack(0x100000001L, 1)).isTrue();
        assertThat(proposals.ack(0x100000001L, 1)).isTrue();
        assertThat(proposals.oldestAcks()).isEqualTo(1);
        assertThat(proposals.ack(0x100000002L, 2)).isFalse();
        for (long sid = 2; sid <= 7; sid++) {
            proposals.ack(0x100000001L, sid);
        }
        assertThat(proposals.oldestAcks()).isEqualTo(7);
    }

    @Test
    void acksUpToAZxidStopAtItAndTheOldestIsRemovedFirst() {
        OutstandingProposals proposals = new OutstandingProposals();
        assertThat(proposals.isEmpty()).isTrue();
        assertThat(proposals.oldestAcks()).isZero();
        for (long zxid = 1; zxid <= 3; zxid++) {
            proposals.add(zxid);
        }
        proposals.ack(3, 1);
        proposals.ackUpTo(2, 2);
        assertThat(proposals.oldestAcks()).isEqualTo(1);
        assertThat(proposals.removeOldest()).isEqualTo(1);
        assertThat(proposals.oldestAcks()).isEqualTo(1);
        assertThat(proposals.removeOldest()).isEqualTo(2);
        assertThat(proposals.oldestAcks()).isEqualTo(1);
        assertThat(proposals.removeOldest()).isEqualTo(3);
        assertThat(proposals.isEmpty()).isTrue();
    }
}

package dev.zksim.recipes.election;

import dev.zksim.api.ZooKeeperClient.DataAndStat;
import dev.zksim.recipes.lock.LockRules;
import dev.zksim.recipes.support.SequentialName;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The pure decisions of the leader election: who leads, whom to watch, how to acknowledge. */
public final class ElectionRules {

    private ElectionRules() {
    }

    /**
     * The smallest sequence number leads; every other candidate follows and watches the
     * largest node below its own. Names without a counter (the ack znode) are ignored.
     */
    public static ElectionDecision decide(List<String> children, String me) {
        List<SequentialName> sorted = SequentialName.sorted(children);
        int index = LockRules.indexOf(sorted, me);
        if (index < 0) {
            return new ElectionDecision.NotCandidate();
        }
        if (index == 0) {
            return new ElectionDecision.Lead();
        }
        return new ElectionDecision.Follow(sorted.get(index - 1).name(), sorted.getFirst().name());
    }

    /** From the ack znode as read (empty if missing) and the candidate's node name. */
    public static Takeover takeover(Optional<DataAndStat> ack, String me) {
        if (ack.isEmpty()) {
            return new Takeover.CreateAck();
        }
        DataAndStat read = ack.get();
        if (read.data() != null && Arrays.equals(read.data(), me.getBytes(StandardCharsets.UTF_8))) {
            return new Takeover.AlreadyAcknowledged(read.stat().version());
        }
        return new Takeover.OverwriteAck(read.stat().version());
    }
}

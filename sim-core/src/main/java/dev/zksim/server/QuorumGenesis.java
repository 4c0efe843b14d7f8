package dev.zksim.server;

import dev.zksim.server.persist.ZkDatabase;
import java.util.Arrays;
import java.util.List;

/**
 * The database the quorum members of one ensemble start from, built once and copied for
 * each member. The copies begin in one shared state, so that each transaction is applied by
 * the first replica to commit it and taken over by the others (see
 * {@code dev.zksim.server.tree.TreeVersion}); databases built one per member would each
 * begin a state of their own and share nothing.
 */
public final class QuorumGenesis {
    private byte[] configText;
    private List<CounterStart> counterStarts;
    private ZkDatabase built;

    /** A copy of the fresh database for this configuration text and these counter starts. */
    public ZkDatabase database(byte[] configText, List<CounterStart> counterStarts) {
        if (built == null || !Arrays.equals(this.configText, configText) || !this.counterStarts.equals(counterStarts)) {
            built = CounterStart.apply(ZkDatabase.freshQuorum(configText), counterStarts);
            built.shareApplications();
            this.configText = configText.clone();
            this.counterStarts = List.copyOf(counterStarts);
        }
        return built.copy();
    }
}

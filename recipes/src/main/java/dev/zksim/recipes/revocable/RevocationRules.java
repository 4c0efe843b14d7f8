package dev.zksim.recipes.revocable;

import dev.zksim.recipes.lock.LockDecision;
import dev.zksim.recipes.rwlock.ReadWriteRules;
import dev.zksim.recipes.support.SequentialName;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The pure decisions of the revocable lock: what a holder does with its node's data, and who holds. */
public final class RevocationRules {
    /** The data a revoker writes into a holder's node to ask it to release. */
    public static final String UNLOCK = "unlock";
    private static final byte[] UNLOCK_BYTES = UNLOCK.getBytes(StandardCharsets.UTF_8);

    private RevocationRules() {
    }

    /** What a holder does after reading its own node's data. */
    public enum Action {
        KEEP,
        RELEASE
    }

    public static Action onData(byte[] data) {
        return data != null && Arrays.equals(data, UNLOCK_BYTES) ? Action.RELEASE : Action.KEEP;
    }

    /**
     * The children that hold the shared lock now, lowest first: a revoker lists the
     * directory and asks these to release.
     */
    public static List<String> holders(List<String> children) {
        List<String> holding = new ArrayList<>();
        for (SequentialName name : SequentialName.sorted(children)) {
            LockDecision decision = ReadWriteRules.isWrite(name) ? ReadWriteRules.write(children, name.name())
                    : ReadWriteRules.read(children, name.name());
            if (decision instanceof LockDecision.Acquired) {
                holding.add(name.name());
            }
        }
        return holding;
    }
}

package dev.zksim.check;

import dev.zksim.history.Op;
import java.util.List;

/**
 * No herd effect: for each deletion, at most {@code maxWastedPerDeletion} woken clients fail
 * to make progress. Herd-free recipes (the lock that watches its predecessor, the election
 * that watches the next lower offer) wake one client per deletion, so the bound is 1; the
 * catalogue's contrast variants that watch the lowest node are expected to fail it. Wake-ups
 * are not ops of one process, so this checker reads {@link WakeUp} records rather than a
 * history, and exposes the counts for the herd-effect report.
 */
public final class HerdChecker {
    private final int maxWastedPerDeletion;

    public HerdChecker(int maxWastedPerDeletion) {
        this.maxWastedPerDeletion = maxWastedPerDeletion;
    }

    public static HerdChecker herdFree() {
        return new HerdChecker(1);
    }

    public String name() {
        return "no herd (at most " + maxWastedPerDeletion + " wasted wake-up per deletion)";
    }

    public HerdCounts count(List<WakeUp> wakeUps) {
        int woken = 0;
        int wasted = 0;
        WakeUp worst = null;
        for (WakeUp wakeUp : wakeUps) {
            woken += wakeUp.woken().size();
            wasted += wakeUp.wasted();
            if (worst == null || wakeUp.wasted() > worst.wasted()) {
                worst = wakeUp;
            }
        }
        return worst == null
                ? new HerdCounts(0, 0, 0, 0, "", 0)
                : new HerdCounts(wakeUps.size(), woken, wasted, worst.wasted(), worst.deletedPath(), worst.time());
    }

    /**
     * Judges only hand-overs: deletions after which some woken client made progress. A deletion
     * that let nobody progress removed a waiter's node (one that gave up, crashed, or a stray
     * of a late create), not the holder's, and every client watching it has to wake and watch
     * again: on the recipes page the readers of a shared lock all watch the preceding write
     * node, so a waiting writer that vanishes wakes them all by design. A lock that herds
     * shows it when the holder's deletion hands the lock to one client and wakes the others.
     */
    public CheckResult check(List<WakeUp> wakeUps) {
        for (WakeUp wakeUp : wakeUps) {
            if (wakeUp.wasted() > maxWastedPerDeletion && wakeUp.wasted() < wakeUp.woken().size()) {
                List<String> idle = wakeUp.woken().stream().filter(client -> !client.progressed())
                        .map(WakeUp.Woken::client).toList();
                return CheckResult.safety(name(), wakeUp.time(), "deleting " + wakeUp.deletedPath() + " at "
                        + Op.seconds(wakeUp.time()) + " woke " + wakeUp.woken().size() + " clients and "
                        + idle.size() + " of them " + idle + " made no progress", List.of());
            }
        }
        return CheckResult.valid(name());
    }
}

package dev.zksim.check;

import dev.zksim.history.HistoryRecorder;
import dev.zksim.history.Invocation;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;

/**
 * A simulated storage service that protects itself with fencing tokens, as a lock's users
 * should: it accepts a write only if its token is at least the highest token it has
 * accepted, so a holder that lost its lock while paused cannot overwrite its successor.
 * Every write goes into the history as WRITE_PROTECTED with the token as value; OK means
 * accepted and FAIL means rejected as stale. The {@link FencingChecker} then proves the
 * writes that got through were safe. Tokens come from the recipe, e.g. the lock node's
 * sequence number or czxid, which grow with each new holder.
 */
public final class FencedResource {
    private final HistoryRecorder recorder;
    private long highestAccepted = Long.MIN_VALUE;

    public FencedResource(HistoryRecorder recorder) {
        this.recorder = recorder;
    }

    /** Writes under the token; returns whether the resource accepted the write. */
    public boolean write(String process, long token) {
        Invocation write = recorder.invoke(process, OpKind.WRITE_PROTECTED, Value.of(token));
        if (token < highestAccepted) {
            write.fail("stale token " + token + " < " + highestAccepted);
            return false;
        }
        highestAccepted = token;
        write.ok();
        return true;
    }

    /** The highest token accepted so far, or Long.MIN_VALUE before the first write. */
    public long highestAccepted() {
        return highestAccepted;
    }
}

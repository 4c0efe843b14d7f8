package dev.zksim.recipes.barrier;

import dev.zksim.api.KeeperException.Code;

/**
 * The pure decisions of the barrier: what a waiter does with the answer of its exists
 * check, and what the coordinator does with the answer of its raise or lift.
 */
public final class BarrierDecision {

    private BarrierDecision() {
    }

    /** What an exists(b, watch) call told the waiter. */
    public sealed interface Check {
        /** The barrier node exists, and the watch is set. */
        record Present() implements Check {
        }

        /** The barrier node is gone. */
        record Absent() implements Check {
        }

        /** The call failed with this code. */
        record Failed(Code code) implements Check {
        }
    }

    /** What the waiter does next. */
    public sealed interface Next {
        /** The barrier is down: proceed. */
        record Pass() implements Next {
        }

        /** The barrier is up and the watch is armed: wait for its event, then check again. */
        record Wait() implements Next {
        }

        /** The check may not have reached the server (and set no watch): check again. */
        record Retry() implements Next {
        }

        /** The session is gone or the call is wrong: give up with this code. */
        record Fail(Code code) implements Next {
        }
    }

    /** Steps 2 and 3 of the waiter: pass on a missing node, wait on a present one. */
    public static Next onCheck(Check check) {
        return switch (check) {
            case Check.Present present -> new Next.Wait();
            case Check.Absent absent -> new Next.Pass();
            case Check.Failed failed -> retryOrFail(failed.code());
        };
    }

    /**
     * The coordinator's raise (create) or lift (delete). {@code settled} is the code meaning
     * the wanted state already holds (NodeExists for raise, NoNode for lift), which is also
     * what a retry after a lost reply sees; null means the call succeeded.
     */
    public static Next onCoordinatorWrite(Code error, Code settled) {
        if (error == null || error == settled) {
            return new Next.Pass();
        }
        return retryOrFail(error);
    }

    private static Next retryOrFail(Code code) {
        return switch (code) {
            case CONNECTIONLOSS, OPERATIONTIMEOUT -> new Next.Retry();
            default -> new Next.Fail(code);
        };
    }
}

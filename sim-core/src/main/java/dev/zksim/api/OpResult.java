package dev.zksim.api;

/**
 * One entry of a multi's result list, mirroring ZooKeeper's OpResult. A successful multi
 * returns one typed result per op. A failed multi returns only ErrorResults: 0 (OK) for
 * the ops before the failing one, the failing op's code, then -2 (RuntimeInconsistency)
 * for the rest.
 */
public sealed interface OpResult
        permits OpResult.CreateResult, OpResult.DeleteResult, OpResult.SetDataResult,
                OpResult.CheckResult, OpResult.ErrorResult {

    /** A create's result: the actual path, with the sequential suffix if any. */
    record CreateResult(String path) implements OpResult {
    }

    record DeleteResult() implements OpResult {
    }

    /** A setData's result: the node's new Stat. */
    record SetDataResult(Stat stat) implements OpResult {
    }

    record CheckResult() implements OpResult {
    }

    /** An op of a failed multi, with ZooKeeper's integer error code (0 = OK). */
    record ErrorResult(int err) implements OpResult {
        /** The error as a code; OK for the ops that ran before the failing one. */
        public KeeperException.Code code() {
            return KeeperException.Code.get(err);
        }
    }
}

package dev.zksim.server.tree;

import dev.zksim.api.OpResult;
import dev.zksim.api.Stat;
import java.util.List;

/**
 * What applying one transaction produced, i.e. what the reply to its request needs.
 * Failed is both the outcome of an ErrorTxn and of a txn that no longer fits the tree
 * during replay (NodeExists on create, NoNode on delete), which ZooKeeper ignores.
 */
public sealed interface TxnOutcome {

    /** This outcome as an entry of a multi's result list; only per-op outcomes have one. */
    default OpResult toOpResult() {
        return switch (this) {
            case Created created -> new OpResult.CreateResult(created.path());
            case Deleted deleted -> new OpResult.DeleteResult();
            case DataSet dataSet -> new OpResult.SetDataResult(dataSet.stat());
            case Checked checked -> new OpResult.CheckResult();
            case Failed failed -> new OpResult.ErrorResult(failed.err());
            case MultiApplied multi -> throw new IllegalStateException("A multi is not an op of a multi");
            case SessionCreated created -> throw new IllegalStateException("A session txn is not an op of a multi");
            case SessionClosed closed -> throw new IllegalStateException("A session txn is not an op of a multi");
        };
    }

    /** The node's actual path and its Stat right after creation (create2 replies with it). */
    record Created(String path, Stat stat) implements TxnOutcome {
    }

    record Deleted(String path) implements TxnOutcome {
    }

    /** The node's Stat after the change. */
    record DataSet(Stat stat) implements TxnOutcome {
    }

    record Checked() implements TxnOutcome {
    }

    /** ZooKeeper's error code of an ErrorTxn (0 for the ops before a multi's failing op). */
    record Failed(int err) implements TxnOutcome {
    }

    /** One result per op, in op order, as the multi reply carries them. */
    record MultiApplied(List<OpResult> results) implements TxnOutcome {
        public MultiApplied {
            results = List.copyOf(results);
        }
    }

    record SessionCreated(int timeout) implements TxnOutcome {
    }

    /** The ephemeral paths actually deleted, in deletion order. */
    record SessionClosed(List<String> deletedPaths) implements TxnOutcome {
        public SessionClosed {
            deletedPaths = List.copyOf(deletedPaths);
        }
    }
}

package dev.zksim.server;

import dev.zksim.protocol.Operation;
import dev.zksim.protocol.Response;
import dev.zksim.server.tree.TxnOutcome;

/** Turns the outcome of an applied write into the answer its request gets. */
final class WriteReplies {
    private WriteReplies() {
    }

    /**
     * A failed multi is not an error on the wire: it answers 0 with its result list of
     * [0..., err, -2...] (reference 2.8), which the tree's MultiApplied outcome already holds.
     */
    static Answer of(Operation operation, TxnOutcome outcome) {
        return switch (outcome) {
            case TxnOutcome.Created created -> Answer.ok(createResponse(operation, created));
            case TxnOutcome.Deleted deleted -> Answer.ok(new Response.Empty());
            case TxnOutcome.DataSet dataSet -> Answer.ok(new Response.StatResponse(dataSet.stat()));
            case TxnOutcome.Checked checked -> Answer.ok(new Response.Empty());
            case TxnOutcome.Failed failed -> Answer.error(failed.err());
            case TxnOutcome.MultiApplied multi -> Answer.ok(new Response.MultiResponse(multi.results()));
            case TxnOutcome.SessionCreated created -> Answer.ok(new Response.Empty());
            case TxnOutcome.SessionClosed closed -> Answer.ok(new Response.Empty());
        };
    }

    /** create answers with the path only; create2 and createContainer add the Stat. */
    private static Response createResponse(Operation operation, TxnOutcome.Created created) {
        boolean withStat = operation instanceof Operation.CreateTtl
                || operation instanceof Operation.Create create && (create.withStat() || create.mode().isContainer());
        return withStat ? new Response.CreateResponse(created.path(), created.stat()) : new Response.PathResponse(created.path());
    }
}

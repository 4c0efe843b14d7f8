package dev.zksim.server.tree;

import java.util.Objects;

/** One record of the txn log: what ZooKeeper proposes, logs, commits and applies. */
public record Transaction(TxnHeader header, Txn txn) {
    public Transaction {
        Objects.requireNonNull(header, "header");
        Objects.requireNonNull(txn, "txn");
    }

    public long zxid() {
        return header.zxid();
    }
}

package dev.zksim.workload;

import dev.zksim.history.HistoryRecorder;
import dev.zksim.history.Invocation;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import java.util.ArrayList;
import java.util.List;

/**
 * One client's pen for the history. It remembers which of the client's operations are still
 * open, because a crash ends them without an answer: Jepsen records such an operation as
 * info (it may or may not have taken effect), and a history with operations that stay open
 * forever would look stuck to the liveness checker. Completing an operation twice is
 * ignored here on purpose: after a crash, a late callback of the dead incarnation may still
 * try to answer an operation the crash already closed.
 */
public final class ClientLog {
    private final HistoryRecorder history;
    private final List<Call> open = new ArrayList<>();
    private String process = "?";

    public ClientLog(HistoryRecorder history) {
        this.history = history;
    }

    /** Names the process; called at every start of the client, before it records anything. */
    public void attach(String id) {
        process = id;
    }

    public String process() {
        return process;
    }

    public HistoryRecorder recorder() {
        return history;
    }

    public Call invoke(OpKind kind, Value value) {
        Call call = new Call(history.invoke(process, kind, value));
        open.add(call);
        return call;
    }

    public Call invoke(OpKind kind) {
        return invoke(kind, Value.NONE);
    }

    /** Records what the client was told unasked; the op comes back for workloads that refer to it later. */
    public Op notify(OpKind kind, Value value) {
        return history.notify(process, kind, value);
    }

    public Op notify(OpKind kind) {
        return history.notify(process, kind);
    }

    /** The process crashed: every open operation ends as info, then CRASHED is recorded. */
    public void crashed() {
        for (Call call : List.copyOf(open)) {
            call.info("crashed");
        }
        history.notify(process, OpKind.CRASHED);
    }

    /** An operation in flight; the first completion counts and later ones are ignored. */
    public final class Call {
        private final Invocation invocation;

        private Call(Invocation invocation) {
            this.invocation = invocation;
        }

        public boolean isDone() {
            return invocation.isDone();
        }

        public void ok() {
            if (close()) {
                invocation.ok();
            }
        }

        public void ok(Value value) {
            if (close()) {
                invocation.ok(value);
            }
        }

        public void fail(String note) {
            if (close()) {
                invocation.fail(note);
            }
        }

        public void info(String note) {
            if (close()) {
                invocation.info(note);
            }
        }

        private boolean close() {
            open.remove(this);
            return !invocation.isDone();
        }
    }
}

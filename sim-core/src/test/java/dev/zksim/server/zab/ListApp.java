package dev.zksim.server.zab;

import java.util.ArrayList;
import java.util.List;

/** The toy replicated application: the state is the list of delivered txns. */
final class ListApp implements ZabApplication {
    final List<LogEntry> state = new ArrayList<>();
    final List<String> events = new ArrayList<>();
    final List<Object> fromLearners = new ArrayList<>();
    final List<Object> fromLeader = new ArrayList<>();
    Role role = Role.LOOKING;
    boolean serving;
    long servingEpoch = -1;

    @Override
    public void deliver(long zxid, Object payload) {
        if (!state.isEmpty() && state.getLast().zxid() >= zxid) {
            throw new AssertionError("delivered " + Zxid.hex(zxid) + " after " + state.getLast());
        }
        state.add(new LogEntry(zxid, payload));
    }

    @Override
    public Object takeSnapshot() {
        return List.copyOf(state);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void installSnapshot(Object snapshot, long zxid) {
        state.clear();
        state.addAll((List<LogEntry>) snapshot);
        events.add("snapshot " + Zxid.hex(zxid));
    }

    @Override
    public void roleChanged(Role newRole, long leaderId) {
        role = newRole;
        serving = false;
        events.add(newRole + " " + leaderId);
    }

    @Override
    public void serving(Role servingRole, long epoch) {
        serving = true;
        servingEpoch = epoch;
        events.add("serving " + servingRole + " e" + epoch);
    }

    @Override
    public void onLearnerMessage(long sid, Object message) {
        fromLearners.add(sid + ":" + message);
    }

    @Override
    public void onLeaderMessage(Object message) {
        fromLeader.add(message);
    }

    List<Object> payloads() {
        return state.stream().map(LogEntry::payload).toList();
    }
}

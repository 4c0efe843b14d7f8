package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Dynamic configuration. A writer records CONFIG_WRITE with the whole configuration as its
 * value; a reader records CONFIG_READ OK with what it assembled. Every value read must be a
 * configuration some writer wrote in full (invoked before the read completed), or the
 * initial one: a reader that mixes fields of two versions, or reads half-written state,
 * produces a value nobody wrote. When configurations are tuples whose first element is a
 * version number, each reader's versions must also never go back, because a ZooKeeper
 * client never sees older state after newer state, even across reconnects.
 */
public final class ConfigurationChecker implements Checker {
    private final Optional<Value> initial;

    private ConfigurationChecker(Optional<Value> initial) {
        this.initial = initial;
    }

    /** Every read must match a write; reads before the first write are violations. */
    public static ConfigurationChecker withoutInitialConfig() {
        return new ConfigurationChecker(Optional.empty());
    }

    /** Reads may also return the configuration the run started with. */
    public static ConfigurationChecker startingFrom(Value initial) {
        return new ConfigurationChecker(Optional.of(initial));
    }

    @Override
    public String name() {
        return "configuration (no partial config)";
    }

    @Override
    public CheckResult check(History history) {
        List<Value> written = new ArrayList<>();
        initial.ifPresent(written::add);
        Map<String, Op> lastReadByProcess = new LinkedHashMap<>();
        for (Op op : history) {
            if (op.f().equals(OpKind.CONFIG_WRITE) && op.isInvoke()) {
                written.add(op.value());
            } else if (op.f().equals(OpKind.CONFIG_READ) && op.isOk()) {
                if (!written.contains(op.value())) {
                    return CheckResult.safety(name(), op.time(), op.describe() + " read a configuration nobody wrote "
                            + "in full; written so far: " + written, List.of(op));
                }
                Op previous = lastReadByProcess.put(op.process(), op);
                if (previous != null && version(op.value()) < version(previous.value())) {
                    return CheckResult.safety(name(), op.time(), op.describe() + " went back to an older version after "
                            + previous.describe(), List.of(previous, op));
                }
            }
        }
        return CheckResult.valid(name());
    }

    /** The leading version number, or 0 when the configuration carries none. */
    private static long version(Value config) {
        List<Value> elements = config.elements();
        return config instanceof Value.Tuple && !elements.isEmpty() && elements.get(0) instanceof Value.Num num
                ? num.number() : 0;
    }
}

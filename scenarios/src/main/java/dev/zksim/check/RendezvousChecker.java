package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import dev.zksim.history.OpPair;
import dev.zksim.history.OpType;
import dev.zksim.history.Value;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rendezvous: exactly once, the published address. A worker records PUBLISH with value
 * (node, address): OK means its address is the one that landed in the node (it wrote it, or
 * read it back after a lost reply), FAIL that another address won. The client that created
 * the node records RENDEZVOUS with value (node) and completes OK with (node, address) when it
 * proceeds. For each node:
 * <ul>
 *   <li>at most one address lands (two PUBLISH OKs with different addresses break "only the
 *       first address ever lands");</li>
 *   <li>the client proceeds at most once;</li>
 *   <li>it proceeds with an address some worker published to that node before the client
 *       proceeded, and not one whose worker was told it lost; if an address is known to
 *       have landed, with that one.</li>
 * </ul>
 */
public final class RendezvousChecker implements Checker {

    @Override
    public String name() {
        return "rendezvous (exactly once, the published address)";
    }

    @Override
    public CheckResult check(History history) {
        Map<Value, Op> landed = new LinkedHashMap<>();
        Map<Value, Op> proceeded = new LinkedHashMap<>();
        List<OpPair> pairs = history.pairs();
        for (OpPair pair : pairs) {
            if (pair.f().equals(OpKind.PUBLISH) && pair.succeeded()) {
                Op ok = pair.completion().orElseThrow();
                Value node = node(pair.invocation().value());
                Op earlier = landed.putIfAbsent(node, ok);
                if (earlier != null && !earlier.value().equals(ok.value())) {
                    return CheckResult.safety(name(), ok.time(), "two addresses landed in " + node + ": "
                            + earlier.describe() + " and " + ok.describe(), List.of(earlier, ok));
                }
            }
        }
        for (OpPair pair : pairs) {
            if (!pair.f().equals(OpKind.RENDEZVOUS) || !pair.succeeded()) {
                continue;
            }
            Op ok = pair.completion().orElseThrow();
            Value node = node(ok.value());
            Op twice = proceeded.putIfAbsent(node, ok);
            if (twice != null) {
                return CheckResult.safety(name(), ok.time(), "the client proceeded twice on " + node + ": "
                        + twice.describe() + " and " + ok.describe(), List.of(twice, ok));
            }
            String problem = problem(pairs, ok, landed.get(node));
            if (problem != null) {
                return CheckResult.safety(name(), ok.time(), ok.describe() + " " + problem, List.of(ok));
            }
        }
        return CheckResult.valid(name());
    }

    private static String problem(List<OpPair> pairs, Op proceeded, Op landed) {
        if (landed != null) {
            return landed.value().equals(proceeded.value()) ? null
                    : "proceeded with another address than the one that landed: " + landed.describe();
        }
        boolean published = false;
        for (OpPair pair : pairs) {
            Op invoke = pair.invocation();
            if (!pair.f().equals(OpKind.PUBLISH) || !invoke.value().equals(proceeded.value())) {
                continue;
            }
            if (pair.completion().filter(op -> op.type() == OpType.FAIL).isPresent()) {
                return "proceeded with an address whose worker was told it lost: " + pair.completion().get().describe();
            }
            published |= invoke.index() < proceeded.index();
        }
        return published ? null : "proceeded with an address no worker published to that node before";
    }

    private static Value node(Value value) {
        return value.elements().getFirst();
    }
}

package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The naming service hands out every name at most once: no two ALLOCATE OKs, of any
 * processes, carry the same name (the value: the name's node path, whose sequence suffix is
 * the name). A create whose reply was lost and was then repeated instead of adopted would
 * give one client two names, which is a leak, not a duplicate; a duplicate means two
 * clients believe they own one name.
 */
public final class UniqueNamesChecker implements Checker {

    @Override
    public String name() {
        return "unique names";
    }

    @Override
    public CheckResult check(History history) {
        Map<Object, Op> given = new LinkedHashMap<>();
        for (Op op : history) {
            if (op.f().equals(OpKind.ALLOCATE) && op.isOk()) {
                Op earlier = given.putIfAbsent(op.value(), op);
                if (earlier != null) {
                    return CheckResult.safety(name(), op.time(), op.describe() + " was already handed out: "
                            + earlier.describe(), List.of(earlier, op));
                }
            }
        }
        return CheckResult.valid(name());
    }
}

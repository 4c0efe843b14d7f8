package dev.zksim.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import dev.zksim.api.Op;
import dev.zksim.api.WatcherType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A request's jute size, and the quick bound the server compares with jute.maxbuffer first. */
class OperationSizeTest {

    @Test
    void aRequestIsItsHeaderAndItsFieldsAsJuteFramesThem() {
        // 8 (xid, type) + 4 + 2 ("/a") + 1 (watch flag)
        assertThat(new Operation.Exists("/a", true).wireSize()).isEqualTo(15);
        // "/é" is three UTF-8 bytes, but its bound counts three bytes for each of its two characters.
        assertThat(new Operation.Exists("/\u00e9", true).wireSize()).isEqualTo(16);
        assertThat(new Operation.Exists("/\u00e9", true).wireSize(false)).isEqualTo(19);
        // 8 + (4 + 2) path + (4 + 3) data + 27 (the open ACL: count, perms, "world", "anyone") + 4 flags
        assertThat(new Operation.Create("/a", new byte[3], CreateMode.PERSISTENT, false).wireSize()).isEqualTo(52);
    }

    @Test
    void theBoundIsNeverBelowTheExactSize() {
        List<String> paths = List.of("/a", "/\u00e9t\u00e9", "/\u20ac/x\u00ff", "/" + "x".repeat(40));
        for (String path : paths) {
            List<Operation> operations = List.of(
                    new Operation.Create(path, new byte[5], CreateMode.EPHEMERAL_SEQUENTIAL, true),
                    new Operation.CreateTtl(path, null, CreateMode.PERSISTENT_WITH_TTL, 10),
                    new Operation.Delete(path, 1), new Operation.SetData(path, new byte[2], -1),
                    new Operation.Exists(path, false), new Operation.GetData(path, true),
                    new Operation.GetChildren(path, true, true), new Operation.GetEphemerals(path),
                    new Operation.GetAllChildrenNumber(path), new Operation.Sync(path),
                    new Operation.Multi(List.of(Op.create(path, new byte[1], CreateMode.PERSISTENT), Op.delete(path, -1),
                            Op.setData(path, null, 3), Op.check(path, 2))),
                    new Operation.SetWatches(7, List.of(path), List.of(path, path), List.of()),
                    new Operation.SetWatches2(7, List.of(path), List.of(), List.of(path), List.of(path), List.of(path)),
                    new Operation.AddWatch(path, true), new Operation.CheckWatches(path, WatcherType.Any),
                    new Operation.RemoveWatches(path, WatcherType.Data), new Operation.CloseSession());
            for (Operation operation : operations) {
                int exact = operation.wireSize();
                assertThat(operation.wireSize(true)).isEqualTo(exact);
                assertThat(operation.wireSize(false)).as("%s", operation).isGreaterThanOrEqualTo(exact);
                if (path.chars().allMatch(c -> c < 0x80) && !(operation instanceof Operation.CloseSession)) {
                    assertThat(operation.wireSize(false)).as("an ASCII path's bound counts it thrice: %s", operation)
                            .isGreaterThan(exact);
                }
            }
        }
    }
}

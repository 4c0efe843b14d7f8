package dev.zksim.recipes.revocable;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The revocable lock's pure rules. */
class RevocationRulesTest {

    @Test
    void onlyTheExactUnlockRequestReleases() {
        assertThat(RevocationRules.onData("unlock".getBytes(StandardCharsets.UTF_8))).isEqualTo(RevocationRules.Action.RELEASE);
        assertThat(RevocationRules.onData(null)).isEqualTo(RevocationRules.Action.KEEP);
        assertThat(RevocationRules.onData(new byte[0])).isEqualTo(RevocationRules.Action.KEEP);
        assertThat(RevocationRules.onData("c1i1r1_1".getBytes(StandardCharsets.UTF_8))).isEqualTo(RevocationRules.Action.KEEP);
        assertThat(RevocationRules.onData("unlock!".getBytes(StandardCharsets.UTF_8))).isEqualTo(RevocationRules.Action.KEEP);
    }

    @Test
    void theHoldersAreTheLeadingRunOfReadersOrTheLowestWriter() {
        // Every directory of up to five nodes, each a reader or a writer, lowest sequence first.
        for (int size = 0; size <= 5; size++) {
            for (int kinds = 0; kinds < (1 << size); kinds++) {
                List<String> children = new ArrayList<>();
                for (int i = 0; i < size; i++) {
                    boolean writer = (kinds & (1 << i)) != 0;
                    children.add(String.format(Locale.ROOT, "g%d-%s-%010d", size - i, writer ? "write" : "read", i));
                }
                List<String> expected = new ArrayList<>();
                for (String child : children) {
                    boolean writer = child.contains("-write-");
                    if (writer && expected.isEmpty()) {
                        expected.add(child);
                        break;
                    }
                    if (writer) {
                        break;
                    }
                    expected.add(child);
                }
                assertThat(RevocationRules.holders(children.reversed())).as("%s", children).isEqualTo(expected);
            }
        }
    }
}

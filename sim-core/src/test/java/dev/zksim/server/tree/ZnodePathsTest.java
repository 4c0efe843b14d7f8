package dev.zksim.server.tree;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Znode path arithmetic, held to the expressions ZooKeeper itself uses. */
class ZnodePathsTest {

    @Test
    void aSequenceSuffixIsSpelledAsZooKeepersFormatSpellsIt() {
        int[] cversions = {0, 7, 42, 999_999_999, 1_000_000_000, Integer.MAX_VALUE, -1, -42, Integer.MIN_VALUE};
        for (int cversion : cversions) {
            assertThat(ZnodePaths.sequenceSuffix(cversion))
                    .as("cversion %d", cversion)
                    .isEqualTo(String.format(Locale.ENGLISH, "%010d", cversion));
        }
        assertThat(ZnodePaths.sequenceSuffix(12)).isEqualTo("0000000012");
    }

    @Test
    void aSequentialPathIsThePathFollowedByItsSuffix() {
        int[] cversions = {0, 1, 9, 10, 99, 100, 123_456, 999_999_999, 1_000_000_000, Integer.MAX_VALUE, -1,
            Integer.MIN_VALUE};
        for (int cversion : cversions) {
            for (String path : new String[] {"/lock-", "/a/b/", "", "/n\u00e9-"}) {
                assertThat(ZnodePaths.sequentialPath(path, cversion))
                        .as("%s at cversion %d", path, cversion)
                        .isEqualTo(path + String.format(Locale.ENGLISH, "%010d", cversion));
            }
        }
    }

    @Test
    void theParentOfARootChildIsTheRootAndTheChildNameIsTheLastComponent() {
        assertThat(ZnodePaths.parentOf("/a")).isEqualTo("/");
        assertThat(ZnodePaths.parentOf("/a/b")).isEqualTo("/a");
        assertThat(ZnodePaths.childName("/a/b")).isEqualTo("b");
        assertThat(ZnodePaths.childName("/")).isEmpty();
    }
}

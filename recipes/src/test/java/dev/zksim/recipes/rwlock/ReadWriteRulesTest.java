package dev.zksim.recipes.rwlock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.recipes.lock.LockDecision;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The shared lock's rules against every directory of up to five readers and writers. */
class ReadWriteRulesTest {
    private static final int MAX = 5;

    /** kinds[i] is 0 (absent), 1 (reader) or 2 (writer) for sequence number i. */
    static String name(int sequence, int kind) {
        // Guids that sort against the counter, and a writer guid that sorts before "read".
        String guid = kind == 1 ? "z" + (MAX - sequence) : "a" + (MAX - sequence);
        return String.format(Locale.ROOT, "%s-%s-%010d", guid, kind == 1 ? "read" : "write", sequence);
    }

    static List<int[]> directories() {
        List<int[]> all = new ArrayList<>();
        int total = (int) StrictMath.pow(3, MAX);
        for (int code = 0; code < total; code++) {
            int[] kinds = new int[MAX];
            int rest = code;
            for (int i = 0; i < MAX; i++) {
                kinds[i] = rest % 3;
                rest /= 3;
            }
            all.add(kinds);
        }
        return all;
    }

    static List<String> listing(int[] kinds) {
        List<String> names = new ArrayList<>();
        for (int i = MAX - 1; i >= 0; i--) {
            if (kinds[i] != 0) {
                names.add(name(i, kinds[i]));
            }
        }
        return names;
    }

    @Test
    void readersWaitOnlyForTheNextLowerWriterAndWritersForTheNextLowerNode() {
        int cases = 0;
        for (int[] kinds : directories()) {
            for (int me = 0; me < MAX; me++) {
                for (int myKind = 1; myKind <= 2; myKind++) {
                    String mine = name(me, myKind);
                    LockDecision actual = myKind == 1 ? ReadWriteRules.read(listing(kinds), mine)
                            : ReadWriteRules.write(listing(kinds), mine);
                    assertThat(actual).isEqualTo(expected(kinds, me, myKind));
                    cases++;
                }
            }
        }
        assertThat(cases).isEqualTo(243 * MAX * 2);
    }

    private static LockDecision expected(int[] kinds, int me, int myKind) {
        if (kinds[me] != myKind) {
            return new LockDecision.NotQueued();
        }
        for (int below = me - 1; below >= 0; below--) {
            boolean blocks = myKind == 2 ? kinds[below] != 0 : kinds[below] == 2;
            if (blocks) {
                return new LockDecision.Watch(name(below, kinds[below]));
            }
        }
        return new LockDecision.Acquired();
    }

    @Test
    void exclusionFollowsFromTheRules() {
        // In every directory the holders are either one writer alone or readers only.
        for (int[] kinds : directories()) {
            List<Integer> holders = new ArrayList<>();
            boolean writerHolds = false;
            for (int i = 0; i < MAX; i++) {
                if (kinds[i] == 0) {
                    continue;
                }
                LockDecision decision = kinds[i] == 1 ? ReadWriteRules.read(listing(kinds), name(i, 1))
                        : ReadWriteRules.write(listing(kinds), name(i, 2));
                if (decision instanceof LockDecision.Acquired) {
                    holders.add(i);
                    writerHolds |= kinds[i] == 2;
                }
            }
            if (writerHolds) {
                assertThat(holders).hasSize(1);
            }
        }
    }

    /**
     * A downgrade: c1 holds write node 5, writer c2 queued node 6, then c1 takes the read lock
     * with node 8. The read node stands where write node 5 stands: it holds at once (it does
     * not wait for its own write node), and writer 6 waits for it, also once write node 5 is
     * gone; a reader queued at 7 waits for writer 6 as before.
     */
    @Test
    void aDowngradedReadNodeStandsWhereItsWriteNodeStood() {
        String write = "c1_1-write-0000000005";
        String writer = "c2_1-write-0000000006";
        String reader = "c3_1-read-0000000007";
        String downgraded = "c1_1d2-" + ReadWriteRules.downgradeRole(5) + "-0000000008";
        assertThat(downgraded).isEqualTo("c1_1d2-from0000000005-read-0000000008");
        List<String> all = List.of(reader, downgraded, writer, write);
        assertThat(ReadWriteRules.read(all, downgraded)).isEqualTo(new LockDecision.Acquired());
        assertThat(ReadWriteRules.write(all, writer)).isEqualTo(new LockDecision.Watch(downgraded));
        assertThat(ReadWriteRules.write(List.of(reader, downgraded, writer), writer))
                .isEqualTo(new LockDecision.Watch(downgraded));
        assertThat(ReadWriteRules.read(all, reader)).isEqualTo(new LockDecision.Watch(writer));
        assertThat(ReadWriteRules.write(List.of(reader, writer), writer)).isEqualTo(new LockDecision.Acquired());
    }
}

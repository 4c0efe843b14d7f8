package dev.zksim.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Results files hold only whole lines, even when the disk fills up half way through one. */
class ResultsLogTest {

    /** A file in memory that "fills up": the write that crosses {@code capacity} writes what fits, then fails. */
    private static final class SmallDisk implements ResultsLog.Target {
        private final int capacity;
        private byte[] content = new byte[0];
        private int forces;

        SmallDisk(int capacity) {
            this.capacity = capacity;
        }

        @Override
        public long size() {
            return content.length;
        }

        @Override
        public void write(ByteBuffer bytes) throws IOException {
            int room = capacity - content.length;
            if (room <= 0) {
                throw new IOException("No space left on device");
            }
            int n = Math.min(room, bytes.remaining());
            byte[] chunk = new byte[n];
            bytes.get(chunk);
            byte[] grown = Arrays.copyOf(content, content.length + n);
            System.arraycopy(chunk, 0, grown, content.length, n);
            content = grown;
        }

        @Override
        public void force() {
            forces++;
        }

        @Override
        public void truncate(long size) {
            content = Arrays.copyOf(content, (int) Math.min(size, content.length));
        }

        @Override
        public void close() {
        }

        String text() {
            return new String(content, StandardCharsets.UTF_8);
        }
    }

    @Test
    void aLineThatDoesNotFitLeavesNothingOfItself() throws IOException {
        SmallDisk disk = new SmallDisk(50);
        ResultsLog log = new ResultsLog(Path.of("results/failures.txt"), disk);
        log.append("seed 1 SAFETY_VIOLATION line one");
        assertThatThrownBy(() -> log.append("seed 2 SAFETY_VIOLATION a line too long to fit")).isInstanceOf(IOException.class);
        assertThat(disk.text()).isEqualTo("seed 1 SAFETY_VIOLATION line one\n");
        assertThat(disk.forces).isEqualTo(1);
    }

    @Test
    void aFullDiskMidSweepKeepsWholeLinesAndTheFindingIsOnTheTerminal() {
        SmallDisk disk = new SmallDisk(300);
        ByteArrayOutputStream terminal = new ByteArrayOutputStream();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        SweepOutputs outputs = new SweepOutputs(new PrintStream(terminal, true, StandardCharsets.UTF_8),
                new PrintStream(errors, true, StandardCharsets.UTF_8), new ResultsLog(Path.of("/full/failures.txt"), disk), null);
        for (long seed = 0; seed < 10; seed++) {
            outputs.finding(new SeedResult("lock-basic", seed, Verdict.SAFETY_VIOLATION, "zksim3:lock-basic:" + seed
                    + ":-:-:0123456789abcdef", "mutual exclusion violated by c1 and c2", 100, "0123456789abcdef"));
        }
        assertThat(disk.text()).endsWith("\n");
        List<String> kept = disk.text().lines().toList();
        assertThat(kept).isNotEmpty().hasSizeLessThan(10)
                .allSatisfy(line -> assertThat(line).matches("lock-basic seed \\d SAFETY_VIOLATION \\./zksim replay .* # .*"));
        assertThat(terminal.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("FAILED "))).hasSize(10);
        assertThat(errors.toString(StandardCharsets.UTF_8).lines()).singleElement().asString()
                .startsWith("zksim: cannot write results to /full/failures.txt: No space left on device");
        assertThat(outputs.allWritten()).isFalse();
    }

    @Test
    void aRealFileGetsOneSyncedLinePerAppend(@TempDir Path folder) throws IOException {
        Path file = folder.resolve("nested/results.jsonl");
        try (ResultsLog log = ResultsLog.open(file)) {
            log.append("{\"a\":1}");
            log.append("{\"b\":2}");
        }
        assertThat(Files.readAllLines(file)).containsExactly("{\"a\":1}", "{\"b\":2}");
    }

    @Test
    void openingUnderAFileFailsAtOnce(@TempDir Path folder) throws IOException {
        Path blocker = Files.writeString(folder.resolve("results"), "not a folder");
        assertThatThrownBy(() -> ResultsLog.open(blocker.resolve("failures.txt"))).isInstanceOf(IOException.class);
    }

    @Test
    void findingsAndSummariesRoundTripThroughJsonLines() {
        SeedResult finding = new SeedResult("lock-basic", -5, Verdict.RUNAWAY, "zksim3:x:1:-:-:-", "a \"quoted\"\tmessage\\",
                7, "-");
        assertThat(SeedResult.fromJson(FlatJson.read(FlatJson.write(finding.toJson())))).isEqualTo(finding);
        SweepSummary summary = new SweepSummary("lock-basic", 10, 100, 2, 4, 25, 0, 1, 999, 1234, true);
        assertThat(SweepSummary.fromJson(FlatJson.read(FlatJson.write(summary.toJson())))).isEqualTo(summary);
        assertThatThrownBy(() -> FlatJson.read("{\"type\":\"finding\"")).isInstanceOf(IllegalArgumentException.class);
    }
}

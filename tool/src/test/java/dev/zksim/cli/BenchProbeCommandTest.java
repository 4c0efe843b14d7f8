package dev.zksim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The measuring end of {@code bench curator}: one JSON line per sweep, on as many threads as asked. */
class BenchProbeCommandTest extends CliTestSupport {

    private JsonNode probe(String threads) throws IOException {
        out.reset();
        assertThat(Main.execute("bench-probe", "lock-standard", "--seeds", "6", "--warmup", "0", "--threads", threads))
                .isZero();
        return new ObjectMapper().readTree(stdout().lines().filter(line -> line.startsWith("{")).reduce((a, b) -> b)
                .orElseThrow());
    }

    @Test
    void twoSweepThreadsRunTheSameSeedsToTheSameEvents() throws IOException {
        JsonNode one = probe("1");
        JsonNode two = probe("2");

        assertThat(two.get("seeds").asInt()).isEqualTo(6);
        assertThat(two.get("events").asLong()).isPositive().isEqualTo(one.get("events").asLong());
        assertThat(two.get("failures").asInt()).isEqualTo(one.get("failures").asInt());
    }

    @Test
    void noThreadsIsBadInput() {
        assertThat(Main.execute("bench-probe", "lock-standard", "--threads", "0")).isEqualTo(2);
        assertThat(stderr()).contains("--threads");
    }
}

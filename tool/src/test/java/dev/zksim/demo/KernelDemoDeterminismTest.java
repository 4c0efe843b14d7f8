package dev.zksim.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.trace.DeterminismCheck;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class KernelDemoDeterminismTest {

    @Test
    void theSameSeedGivesTheSameDigestInOneJvm() {
        for (long seed : List.of(1L, 42L, -7L, 0x5eedL)) {
            String digest = DeterminismCheck.verify(sink -> KernelDemo.run(seed, sink).digest());
            assertThat(digest).hasSize(32);
        }
    }

    @Test
    void differentSeedsExploreDifferentRuns() {
        long distinct = LongStream.range(0, 20).mapToObj(seed -> KernelDemo.run(seed).digest()).distinct().count();
        assertThat(distinct).isEqualTo(20);
    }

    @Test
    void aRunDoesRealWork() {
        KernelDemo.Result result = KernelDemo.run(42);
        assertThat(result.events()).isGreaterThan(1_000);
        assertThat(result.traceEvents()).isGreaterThan(1_000);
        assertThat(KernelDemo.report(result)).first().isEqualTo("seed: 42");
    }

    @Test
    void theSameSeedGivesTheSameDigestInASeparatelyStartedJvm() throws IOException, InterruptedException {
        String javaBinary = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        Process child = new ProcessBuilder(javaBinary, "-cp", System.getProperty("java.class.path"),
                "dev.zksim.cli.Main", "demo", "--kernel", "--seed", "42")
                .redirectErrorStream(true)
                .start();
        List<String> output;
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            output = reader.lines().toList();
        }
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).as(String.join("\n", output)).isZero();
        assertThat(output).contains("digest: " + KernelDemo.run(42).digest());
    }
}

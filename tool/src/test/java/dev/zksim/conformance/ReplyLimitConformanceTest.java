package dev.zksim.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Targeted conformance programs at the official client's reply limit (a frame longer than
 * 0xfffff bytes drops the connection, ClientCnxnSocket.readLength in 3.9): a node's data and
 * a child list framed exactly at the limit are read, one byte more fails with ConnectionLoss
 * and the session survives. Each program runs on zksim and on a real ZooKeeper 3.9.5
 * standalone server and both outcomes must be equal, and the over-limit ones must show the
 * ConnectionLoss (so the test fails if both sides wrongly accepted the reply).
 */
class ReplyLimitConformanceTest {
    /** A getData frame is the data plus 88 bytes: header 16, buffer length 4, Stat 68. */
    private static final int LARGEST_READABLE = 0xfffff - 88;

    private static Side sim;
    private static Side real;

    @BeforeAll
    static void start() {
        sim = new SimSide(1);
        real = RealSide.start(1);
    }

    @AfterAll
    static void stop() {
        real.close();
        sim.close();
    }

    private static Program.Step step(Operation op) {
        return new Program.Step(0, op);
    }

    private static Program dataProgram(int size) {
        return new Program(1, 1, List.of(
                step(new Operation.Create("/t/big", new Payload.Sized(size), CreateMode.PERSISTENT, false)),
                step(new Operation.GetData("/t/big", WatchKind.NONE)),
                step(new Operation.Exists("/t/big", WatchKind.NONE)),
                step(new Operation.GetData("/t/big", WatchKind.NONE)),
                step(new Operation.Delete("/t/big", -1))));
    }

    /**
     * 1044 children of 1000-byte names and one of {@code lastName} bytes under /t/p: with 375
     * the getChildren frame is exactly 0xfffff (20 + 1044 * 1004 + 379). The program deletes
     * them again, since a list nobody can read could not be cleaned up by the harness.
     */
    private static Program childrenProgram(int lastName) {
        List<Program.Step> steps = new ArrayList<>();
        steps.add(step(new Operation.Create("/t/p", new Payload.Null(), CreateMode.PERSISTENT, false)));
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 1044; i++) {
            names.add(String.format("%010d", i) + "n".repeat(990));
        }
        names.add("z".repeat(lastName));
        for (String name : names) {
            steps.add(step(new Operation.Create("/t/p/" + name, new Payload.Null(), CreateMode.PERSISTENT, false)));
        }
        steps.add(step(new Operation.GetChildren("/t/p", WatchKind.NONE, false)));
        steps.add(step(new Operation.Exists("/t/p", WatchKind.NONE)));
        for (String name : names) {
            steps.add(step(new Operation.Delete("/t/p/" + name, -1)));
        }
        return new Program(2, 1, steps);
    }

    private static Outcome agree(Program program) {
        assertThat(Conformance.compare(sim, real, program)).as(() -> String.join("\n",
                Conformance.compare(sim, real, program).map(Mismatch::report).orElse(List.of()))).isEmpty();
        return sim.run(program);
    }

    @Test
    void dataJustUnderAndJustOverTheLimitMatchARealServer() {
        assertThat(String.join("\n", agree(dataProgram(LARGEST_READABLE)).steps())).doesNotContain("CONNECTIONLOSS");
        assertThat(String.join("\n", agree(dataProgram(LARGEST_READABLE + 1)).steps())).contains("error CONNECTIONLOSS");
    }

    @Test
    void childListsJustUnderAndJustOverTheLimitMatchARealServer() {
        assertThat(String.join("\n", agree(childrenProgram(375)).steps())).doesNotContain("CONNECTIONLOSS");
        assertThat(String.join("\n", agree(childrenProgram(376)).steps())).contains("error CONNECTIONLOSS");
    }
}

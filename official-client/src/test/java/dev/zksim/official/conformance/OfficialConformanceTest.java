package dev.zksim.official.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Conformance through the official API: generated programs run through
 * org.apache.zookeeper.ZooKeeper on the drop-in (zksim) and on the real client against a real
 * ZooKeeper 3.9 server, and what each observes must be the same. A short run by default; the
 * long run is opt-in: {@code -Dzksim.official.conformance.programs=2000}.
 */
class OfficialConformanceTest {
    private static final int DEFAULT_PROGRAMS = 40;
    private static final int LENGTH = 30;
    private static TestingServer server;

    private static String extendedTypes;

    /** Extended types on, as the simulated server has them by default, so TTL creates compare. */
    @BeforeAll
    static void startServer() throws Exception {
        extendedTypes = System.setProperty("zookeeper.extendedTypesEnabled", "true");
        server = new TestingServer(true);
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
        if (extendedTypes == null) {
            System.clearProperty("zookeeper.extendedTypesEnabled");
        } else {
            System.setProperty("zookeeper.extendedTypesEnabled", extendedTypes);
        }
    }

    @Test
    void theDropInAndTheRealClientObserveTheSame() throws Exception {
        int programs = Integer.getInteger("zksim.official.conformance.programs", DEFAULT_PROGRAMS);
        long firstSeed = Long.getLong("zksim.official.conformance.seed", 1);
        List<String> mismatches = new ArrayList<>();
        for (long seed = firstSeed; seed < firstSeed + programs; seed++) {
            OfficialProgram program = OfficialProgram.generate(seed, LENGTH);
            List<String> simulated = Sides.simulated(program);
            List<String> real = Sides.real(program, server.getConnectString());
            String mismatch = firstDifference(simulated, real);
            if (mismatch != null) {
                mismatches.add("program " + seed + ": " + mismatch);
            }
        }
        System.out.println("official-API conformance: " + programs + " programs, " + mismatches.size()
                + " mismatches");
        assertThat(mismatches).as("programs whose observations differ").isEmpty();
    }

    /** The canary: a program altered on one side only must be reported as a mismatch. */
    @Test
    void aDifferenceBetweenTheSidesIsReported() throws Exception {
        int caught = 0;
        for (long seed = 1; seed <= 5; seed++) {
            OfficialProgram program = OfficialProgram.generate(seed, LENGTH);
            List<String> real = Sides.real(program, server.getConnectString());
            List<String> simulated = Sides.simulated(altered(program));
            if (firstDifference(simulated, real) != null) {
                caught++;
            }
        }
        assertThat(caught).isEqualTo(5);
    }

    /** The program with every data payload changed: both sides still run, but see other data. */
    private static OfficialProgram altered(OfficialProgram program) {
        List<OfficialProgram.Step> steps = new ArrayList<>();
        for (OfficialProgram.Step step : program.steps()) {
            steps.add(new OfficialProgram.Step(step.client(), step.kind(), step.path(), step.data() + "!", step.mode(),
                    step.version(), step.watch(), step.ops()));
        }
        return new OfficialProgram(program.seed(), List.copyOf(steps));
    }

    private static String firstDifference(List<String> simulated, List<String> real) {
        for (int i = 0; i < Math.max(simulated.size(), real.size()); i++) {
            String s = i < simulated.size() ? simulated.get(i) : "<none>";
            String r = i < real.size() ? real.get(i) : "<none>";
            if (!s.equals(r)) {
                return "line " + i + "\n  zksim: " + s + "\n  real:  " + r;
            }
        }
        return null;
    }
}

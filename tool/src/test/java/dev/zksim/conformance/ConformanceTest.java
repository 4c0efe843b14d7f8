package dev.zksim.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.CreateMode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The in-suite conformance run: 300 seeded programs on zksim and on a real standalone
 * ZooKeeper, and 60 on three-server ensembles, must agree (the long runs are opt-in through ./zksim conformance), plus the
 * harness's own checks: programs are values, a seeded generator repeats itself, the
 * shrinker finds a minimal failing program, and a real difference is reported.
 */
class ConformanceTest {

    @Test
    void threeHundredProgramsAgreeWithARealStandaloneServer() {
        List<String> printed = new ArrayList<>();
        Conformance.Report report = Conformance.runParallel(
                new Conformance.Config(20_260_000L, 300, List.of(1), 3, 12), 4, printed::add);
        assertThat(report.programs()).isEqualTo(300);
        assertThat(report.mismatches()).as(String.join("\n", printed)).isEmpty();
    }

    @Test
    void sixtyProgramsAgreeWithARealThreeServerCluster() {
        List<String> printed = new ArrayList<>();
        Conformance.Report report = Conformance.runParallel(
                new Conformance.Config(20_270_000L, 60, List.of(3), 3, 12), 2, printed::add);
        assertThat(report.programs()).isEqualTo(60);
        assertThat(report.mismatches()).as(String.join("\n", printed)).isEmpty();
    }

    @Test
    void theSameSeedGivesTheSameProgram() {
        ProgramGenerator generator = new ProgramGenerator(3, 12);
        assertThat(generator.generate(42)).isEqualTo(generator.generate(42));
        assertThat(generator.generate(42).script()).isNotEqualTo(generator.generate(43).script());
    }

    /** The in-suite run's seeds reach the 3.6 calls, so they are compared with the real server. */
    @Test
    void theSuiteProgramsIncludeAddWatchGetEphemeralsAndGetAllChildrenNumber() {
        ProgramGenerator generator = new ProgramGenerator(3, 12);
        long ephemerals = 0;
        long counts = 0;
        long addWatches = 0;
        long removals = 0;
        for (long seed = 20_260_000L; seed < 20_260_300L; seed++) {
            for (Program.Step step : generator.generate(seed).steps()) {
                ephemerals += step.op() instanceof Operation.GetEphemerals ? 1 : 0;
                counts += step.op() instanceof Operation.GetAllChildrenNumber ? 1 : 0;
                addWatches += step.op() instanceof Operation.AddWatch ? 1 : 0;
                removals += step.op() instanceof Operation.RemoveWatches ? 1 : 0;
            }
        }
        assertThat(ephemerals).isPositive();
        assertThat(counts).isPositive();
        assertThat(addWatches).isPositive();
        assertThat(removals).isPositive();
    }

    @Test
    void theShrinkerKeepsOnlyTheStepsThatMatter() {
        Operation culprit = new Operation.Create("/t/a", new Payload.Null(), CreateMode.EPHEMERAL, false);
        List<Program.Step> steps = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            steps.add(new Program.Step(0, new Operation.Sync("/t")));
        }
        steps.add(3, new Program.Step(1, culprit));
        Program failing = new Program(7, 3, steps);
        Program shrunk = new Shrinker(p -> p.steps().stream().anyMatch(s -> s.op().equals(culprit)), 100).shrink(failing);
        assertThat(shrunk.steps()).containsExactly(new Program.Step(1, culprit));
        assertThat(shrunk.clients()).isEqualTo(2);
    }

    @Test
    void aDifferenceIsReportedShrunkWithBothOutcomes() {
        Program program = new Program(5, 1, List.of(
                new Program.Step(0, new Operation.Sync("/t")),
                new Program.Step(0, new Operation.Create("/t/a", new Payload.Text("x"), CreateMode.PERSISTENT, false))));
        Side honest = new SimSide(1);
        Side liar = new Side() {
            @Override
            public String name() {
                return "liar";
            }

            @Override
            public Outcome run(Program p) {
                List<String> steps = new ArrayList<>(honest.run(p).steps());
                steps.replaceAll(line -> line.replace("ok /t/a", "ok /t/b"));
                return new Outcome(steps);
            }

            @Override
            public void close() {
            }
        };
        Mismatch mismatch = Conformance.compare(honest, liar, program).orElseThrow();
        assertThat(mismatch.shrunk().steps()).hasSize(1);
        assertThat(String.join("\n", mismatch.report())).contains(">>  1 c1 create /t/a \"x\" PERSISTENT")
                .contains("ok /t/a").contains("ok /t/b");
    }
}

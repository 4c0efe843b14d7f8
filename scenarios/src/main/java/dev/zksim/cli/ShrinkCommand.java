package dev.zksim.cli;

import dev.zksim.kernel.FailureKind;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.ReproLine;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.ScenarioRunner;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code zksim shrink LINE}: shrinks a failing run to a minimal one and prints its line. */
@Command(name = "shrink", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Shrink the failing run of a reproduce line to a minimal one and print its reproduce line.")
final class ShrinkCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "LINE", description = "The zksim3:... line of a failing run.")
    private String line;

    /**
     * The line is checked as replay checks it: an edited line is refused when parsed, a digest
     * that differs is nondeterminism (exit 5) or a line from other code, which is said and
     * then shrunk as this code runs it.
     */
    @Override
    public Integer call() {
        ReproLine repro = ReproLine.parse(line);
        ScenarioRunner runner = new ScenarioRunner(UserClasspath.catalog());
        RunOutcome outcome = runner.run(repro.spec());
        LineAgreement agreement = LineAgreement.of(runner, repro, outcome);
        if (agreement == LineAgreement.NONDETERMINISM || agreement == LineAgreement.OTHER_CODE) {
            System.out.println(agreement.describe(repro, outcome));
        }
        if (agreement == LineAgreement.NONDETERMINISM) {
            return FailureKind.NONDETERMINISM.exitCode();
        }
        if (!outcome.failed()) {
            System.out.println(agreement == LineAgreement.OTHER_CODE ? "the run now passes; there is nothing to shrink"
                    : "the run passes; there is nothing to shrink");
            return 0;
        }
        PropertyCheck.Counterexample counterexample = new PropertyCheck(runner).counterexample(outcome, true);
        System.out.println(counterexample.describe());
        return counterexample.kind().exitCode();
    }
}

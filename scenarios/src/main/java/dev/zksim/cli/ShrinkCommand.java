package dev.zksim.cli;

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

    @Override
    public Integer call() {
        ScenarioRunner runner = new ScenarioRunner(UserClasspath.catalog());
        RunOutcome outcome = runner.run(ReproLine.parse(line).spec());
        if (!outcome.failed()) {
            System.out.println("the run passes; there is nothing to shrink");
            return 0;
        }
        PropertyCheck.Counterexample counterexample = new PropertyCheck(runner).counterexample(outcome, true);
        System.out.println(counterexample.describe());
        return counterexample.kind().exitCode();
    }
}

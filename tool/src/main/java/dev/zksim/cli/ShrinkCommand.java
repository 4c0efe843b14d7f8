package dev.zksim.cli;

import dev.zksim.kernel.FailureKind;
import dev.zksim.property.PropertyCheck;
import dev.zksim.property.ReproLine;
import dev.zksim.property.ShrinkBudget;
import dev.zksim.property.Stopwatch;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.ScenarioRunner;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code zksim shrink LINE [--budget N|Ds]}: shrinks a failing run to a minimal one and prints its line. */
@Command(name = "shrink", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Shrink the failing run of a reproduce line to a minimal one and print its reproduce line.")
final class ShrinkCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "LINE", description = "The zksim4:... line of a failing run, or @FILE for a line kept in a file.")
    private String line;

    @Option(names = "--budget", paramLabel = "N|Ds", converter = BudgetConverter.class,
            description = "How much to spend: N runs (e.g. 400) or D seconds of wall time (e.g. 5s); default "
                    + "${DEFAULT-VALUE} runs.", defaultValue = "" + ShrinkBudget.DEFAULT_RUNS)
    private ShrinkBudget budget;

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
        PropertyCheck check = new PropertyCheck(runner, 1, 0, Stopwatch::nanos).shrinkingWithin(budget);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long wall = Stopwatch.nanos();
        long cpu = threads.getCurrentThreadCpuTime();
        PropertyCheck.Counterexample counterexample = check.counterexample(outcome, true);
        System.out.println(counterexample.describe());
        // The shrinker runs on this thread alone, so its CPU time says what it cost on an idle machine.
        System.out.printf(Locale.ROOT, "shrink time: %.2f s (%.2f s of CPU)%n", (Stopwatch.nanos() - wall) / 1e9,
                (threads.getCurrentThreadCpuTime() - cpu) / 1e9);
        return counterexample.kind().exitCode();
    }

    /** Reads a budget; a bad one is picocli's one-line usage error (exit 2). */
    static final class BudgetConverter implements picocli.CommandLine.ITypeConverter<ShrinkBudget> {
        @Override
        public ShrinkBudget convert(String value) {
            try {
                return ShrinkBudget.parse(value);
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}

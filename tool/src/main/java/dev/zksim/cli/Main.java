package dev.zksim.cli;

import dev.zksim.kernel.SimulationFailure;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The zksim command line. Bad input gets one line of error and exit code 2; a failed run
 * exits with the code of its {@link dev.zksim.kernel.FailureKind}.
 */
@Command(name = "zksim",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Deterministic simulation testbed for ZooKeeper-style coordination.",
        subcommands = {DemoCommand.class, ListCommand.class, RunCommand.class, ReplayCommand.class, ShrinkCommand.class,
                CheckDeterminismCommand.class, FourLetterCommand.class, ConformanceCommand.class, BenchCommand.class,
                TestCommand.class, HerdReportCommand.class, ExploreCommand.class, MergeCommand.class,
                BenchProbeCommand.class, KnownBugsCommand.class})
public final class Main implements Runnable {
    static final int BAD_INPUT = 2;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Option(names = "--classpath", paramLabel = "DIRS_OR_JARS",
            description = "Where to find your own scenario catalogues (dirs, jars, dir/*), separated by ':', relative"
                    + " to the folder you run zksim from; also ZKSIM_CLASSPATH.")
    void classpath(String entries) {
        try {
            UserClasspath.use(entries);
        } catch (IllegalArgumentException error) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--classpath: " + error.getMessage());
        }
    }

    public static void main(String[] args) {
        quietJdkLogging();
        System.exit(execute(args));
    }

    /**
     * Silences {@code java.util.logging} unless the user configured it. Code under test logs
     * through it (Curator's shaded Guava warns with a stack trace whenever a lease's close is
     * interrupted at the end of a run), and a sweep of 500 seeds would bury its own report in
     * those warnings. What the code under test did is in the trace, not in its log.
     */
    private static void quietJdkLogging() {
        if (System.getProperty("java.util.logging.config.file") == null
                && System.getProperty("java.util.logging.config.class") == null) {
            java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.OFF);
        }
    }

    /** Runs the command line and returns the exit code, without exiting (for tests). */
    public static int execute(String... args) {
        UserClasspath.reset();
        String fromEnvironment = System.getenv("ZKSIM_CLASSPATH");
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            try {
                UserClasspath.use(fromEnvironment);
            } catch (IllegalArgumentException error) {
                System.err.println("zksim: ZKSIM_CLASSPATH: " + error.getMessage());
                return BAD_INPUT;
            }
        }
        CommandLine commandLine = new CommandLine(new Main());
        commandLine.setParameterExceptionHandler(Main::badInput);
        commandLine.setExecutionExceptionHandler(Main::failed);
        return commandLine.execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    private static int badInput(CommandLine.ParameterException error, String[] args) {
        String message = error.getMessage().replace('\n', ' ').trim();
        error.getCommandLine().getErr().println("zksim: " + message + " (see ./zksim --help)");
        return BAD_INPUT;
    }

    private static String oneLine(String message) {
        return message == null ? "(no message)" : message.replace('\n', ' ').trim();
    }

    /**
     * The exit code for an exception a command threw, after one line on standard error. A bug
     * in zksim itself gets exit 1 and its stack trace goes to a file the line names, never to
     * the terminal.
     */
    static int failed(Exception error, CommandLine commandLine, CommandLine.ParseResult parsed) {
        if (error instanceof SimulationFailure failure) {
            commandLine.getErr().println("zksim: " + failure.getMessage());
            return failure.kind().exitCode();
        }
        if (error instanceof dev.zksim.scenario.RunawayRun runaway) {
            commandLine.getErr().println("zksim: " + oneLine(runaway.getMessage()));
            return dev.zksim.kernel.FailureKind.SIMULATOR_CRASH.exitCode();
        }
        if (error instanceof dev.zksim.scenario.SeedSkipped skipped) {
            commandLine.getErr().println("zksim: the line's fault plan does not apply: " + oneLine(skipped.getMessage()));
            return BAD_INPUT;
        }
        if (error instanceof IllegalArgumentException || error instanceof ArithmeticException) {
            commandLine.getErr().println("zksim: " + oneLine(error.getMessage()));
            return BAD_INPUT;
        }
        if (error instanceof java.io.UncheckedIOException || error instanceof java.io.IOException) {
            // A path that cannot be read or written is the user's to fix: one line naming it.
            commandLine.getErr().println("zksim: " + oneLine(error.getMessage()));
            return BAD_INPUT;
        }
        commandLine.getErr().println("zksim: internal error: " + oneLine(String.valueOf(error)) + crashReport(error));
        return 1;
    }

    /**
     * Writes the stack trace of a bug in zksim itself to a file, for the bug report, so that
     * the terminal gets one line; says where, or nothing if the file cannot be written.
     */
    private static String crashReport(Exception error) {
        try {
            Path file = Files.createTempFile("zksim-crash-", ".txt");
            StringWriter trace = new StringWriter();
            error.printStackTrace(new PrintWriter(trace));
            Files.writeString(file, trace.toString());
            return " (stack trace in " + file + ")";
        } catch (IOException | SecurityException e) {
            return "";
        }
    }
}

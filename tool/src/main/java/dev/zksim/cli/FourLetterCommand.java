package dev.zksim.cli;

import dev.zksim.ensemble.Ensemble;
import dev.zksim.kernel.FailureKind;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.process.SimProcess;
import dev.zksim.property.ReproLine;
import dev.zksim.report.fourletter.FourLetterWord;
import dev.zksim.report.fourletter.ServerSnapshot;
import dev.zksim.report.fourletter.TrafficCounter;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.ScenarioRunner;
import dev.zksim.server.ZkServer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code zksim fourletter LINE --at 12.5s [--server s2] WORD...}: replays a reproduce line
 * up to a simulated time, asks the servers ZooKeeper's four-letter words there, prints
 * their answers, and lets the run finish so its digest can still be checked against the
 * line. The answers are taken while the run is paused, between two events.
 */
@Command(name = "fourletter", aliases = "4lw", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Replay a reproduce line to a simulated time and print ZooKeeper four-letter words"
                + " (stat, srvr, mntr, cons, wchs, wchp, wchc, dump) of its servers there.")
final class FourLetterCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "LINE", description = "The zksim4:... line a run or failure printed.")
    private String line;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "WORD",
            description = "Words to ask: stat, srvr, mntr, cons, wchs, wchp, wchc, dump.")
    private List<String> words;

    @Option(names = "--at", required = true, paramLabel = "TIME",
            description = "Simulated time to stop at, e.g. 12.5s, 800ms (every event due by then has run).")
    private String at;

    @Option(names = "--server", paramLabel = "ID", description = "Server to ask (repeatable); default: every server.")
    private List<String> servers = new ArrayList<>();

    /** What the pause saw of one server: its snapshot, or why it could not answer. */
    private record Seen(ServerSnapshot snapshot, String absence) {
    }

    private final Map<String, Seen> seen = new LinkedHashMap<>();

    @Override
    public Integer call() {
        List<FourLetterWord> asked = words.stream().map(FourLetterWord::parse).toList();
        long time = Time.parse(at);
        ReproLine repro = ReproLine.parse(line);
        TrafficCounter traffic = new TrafficCounter();
        ScenarioRunner runner = new ScenarioRunner(UserClasspath.catalog());
        RunOutcome outcome = runner.run(repro.spec(), traffic,
                new ScenarioRunner.Pause(time, ensemble -> look(ensemble, time, traffic)));
        if (seen.isEmpty()) {
            // A time past the run's end is a wrong --at, whatever the run did: bad input, one line.
            System.err.println("zksim: --at " + at + " is past the end of the run, which " + outcome.failure()
                    .map(failure -> "failed first, " + oneLine(failure.getMessage()))
                    .orElse("ended at " + Time.formatShort(outcome.simulatedTime())) + "; pick an earlier --at");
            return Main.BAD_INPUT;
        }
        print(asked, time);
        LineAgreement agreement = LineAgreement.of(runner, repro, outcome);
        if (agreement == LineAgreement.NONDETERMINISM) {
            System.err.println("zksim: " + agreement.describe(repro, outcome) + "; the answers above may not be that run's");
            return FailureKind.NONDETERMINISM.exitCode();
        }
        if (agreement == LineAgreement.OTHER_CODE) {
            System.err.println("zksim: " + agreement.describe(repro, outcome) + "; the answers above are of this code's run");
        }
        return 0;
    }

    private static String oneLine(String message) {
        return message.replace('\n', ' ').replaceAll(" {2,}", " ").trim();
    }

    private void look(Ensemble ensemble, long time, TrafficCounter traffic) {
        List<String> ids = servers.isEmpty() ? ensemble.serverIds() : servers;
        for (String id : ids) {
            SimProcess.State state = ensemble.serverProcess(id).state();
            Optional<ZkServer> server = state == SimProcess.State.RUNNING ? ensemble.server(id) : Optional.empty();
            // A paused process keeps its sockets but answers nothing; a crashed one refuses connections.
            String absence = state == SimProcess.State.PAUSED ? "is paused at " + Time.formatSeconds(time) + " (no answer)"
                    : "is not running at " + Time.formatSeconds(time) + " (connection refused)";
            seen.put(id, server.map(running -> new Seen(ServerSnapshot.of(id, time, running, traffic.of(id)), null))
                    .orElse(new Seen(null, absence)));
        }
    }

    /** One answer alone prints bare, as ZooKeeper's would; several get a header each. */
    private void print(List<FourLetterWord> asked, long time) {
        boolean headers = asked.size() * seen.size() > 1;
        for (Map.Entry<String, Seen> server : seen.entrySet()) {
            for (FourLetterWord word : asked) {
                if (headers) {
                    System.out.println("== " + server.getKey() + " " + word.word() + " at " + Time.formatSeconds(time) + " ==");
                }
                Seen view = server.getValue();
                System.out.print(view.snapshot() != null ? word.answer(view.snapshot())
                        : server.getKey() + " " + view.absence() + "\n");
            }
        }
    }
}

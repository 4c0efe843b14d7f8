package dev.zksim.sweep;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a sweep's findings go, in the order that keeps them: first the terminal, then each
 * results file (the text file of reproduce lines, the JSON lines file), one synced whole
 * line per finding. A file that fails is reported once, in one line naming its path, and
 * is not written again; the sweep goes on and the findings stay on the terminal.
 */
public final class SweepOutputs implements Closeable {
    private final PrintStream terminal;
    private final PrintStream errors;
    private final ResultsLog text;
    private final ResultsLog json;
    private final List<Path> failed = new ArrayList<>();

    /** Either log may be null (not wanted). */
    public SweepOutputs(PrintStream terminal, PrintStream errors, ResultsLog text, ResultsLog json) {
        this.terminal = terminal;
        this.errors = errors;
        this.text = text;
        this.json = json;
    }

    /** Outputs that only print findings. */
    public static SweepOutputs terminalOnly(PrintStream terminal, PrintStream errors) {
        return new SweepOutputs(terminal, errors, null, null);
    }

    /** Prints the finding, then appends it to each results file. */
    public void finding(SeedResult result) {
        terminal.println("FAILED " + result.describe());
        terminal.flush();
        append(text, result.describe());
        append(json, FlatJson.write(result.toJson()));
    }

    /** Appends the line that says which shard of which sweep this is, before any seed runs. */
    public void start(SweepStart start) {
        append(json, FlatJson.write(start.toJson()));
    }

    /** Appends the sweep's summary line to the JSON lines file. */
    public void summary(SweepSummary summary) {
        append(json, FlatJson.write(summary.toJson()));
    }

    /** Whether every line meant for a file reached it. */
    public boolean allWritten() {
        return failed.isEmpty();
    }

    private void append(ResultsLog log, String line) {
        if (log == null || failed.contains(log.path())) {
            return;
        }
        try {
            log.append(line);
        } catch (IOException e) {
            failed.add(log.path());
            errors.println("zksim: cannot write results to " + log.path() + ": " + reason(e)
                    + " (the finding above is only on the terminal; later ones will be too)");
            errors.flush();
        }
    }

    private static String reason(IOException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().replace('\n', ' ');
    }

    @Override
    public void close() {
        for (ResultsLog log : new ResultsLog[] {text, json}) {
            if (log != null) {
                try {
                    log.close();
                } catch (IOException e) {
                    errors.println("zksim: cannot close " + log.path() + ": " + reason(e));
                }
            }
        }
    }
}

package dev.zksim.cli;

import dev.zksim.kernel.Plural;
import dev.zksim.sweep.JUnitReport;
import dev.zksim.sweep.MergedResults;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code zksim merge FILE...}: joins the JSON lines results of the shards of a sweep (or
 * of several sweeps) into one summary: seeds run and skipped and failures by class per
 * scenario, every finding with its reproduce line, the shards' combined throughput. Exits
 * with the first finding's code if any shard found a failure, 1 if a shard is missing, was
 * interrupted or was killed before its summary, 0 otherwise. A file given twice, or a shard
 * whose summary is in two files, is bad input: its seeds would be counted twice.
 */
@Command(name = "merge", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Join the JSON lines results (--jsonl) of sweep shards into one summary; non-zero exit if any shard"
                + " found a failure or a shard is missing.")
final class MergeCommand implements Callable<Integer> {
    static final int INCOMPLETE = 1;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Results files written by run --seeds ... --jsonl FILE.")
    private List<Path> files;

    @Option(names = "--junit", paramLabel = "FILE", description = "Also write the merged results as a JUnit XML report.")
    private Path junit;

    @Override
    public Integer call() {
        if (junit != null) {
            JUnitReport.checkWritable(junit);
        }
        MergedResults merged = new MergedResults();
        files.forEach(merged::read);
        if (merged.isEmpty()) {
            throw new IllegalArgumentException("no sweep results in " + files + ": were these written by run --seeds N --jsonl?");
        }
        merged.report().forEach(System.out::println);
        List<String> gaps = merged.gaps();
        gaps.forEach(gap -> System.out.println("INCOMPLETE: " + gap));
        System.out.println(String.format(Locale.ROOT, "merged %s, %s, %.1f seeds/s across shards",
                Plural.of(files.size(), "file"), Plural.of(merged.summaries().size(), "shard summary", "shard summaries"),
                merged.seedsPerSecond()));
        if (junit != null) {
            JUnitReport.write(junit, merged.summaries(), merged.findings());
            System.out.println("JUnit report written to " + junit);
        }
        int code = merged.exitCode();
        return code != 0 ? code : gaps.isEmpty() ? 0 : INCOMPLETE;
    }
}

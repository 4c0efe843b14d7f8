package dev.zksim.cli;

import dev.zksim.property.ReproLine;
import dev.zksim.scenario.RunOutcome;
import dev.zksim.scenario.ScenarioRunner;

/**
 * How a replayed run agrees with the digest its reproduce line recorded. A line that was
 * edited never gets this far (its checksum fails when it is parsed), so a digest that differs
 * means one of two things, told apart by running the line once more: the two runs differ
 * (nondeterminism, a bug), or they agree and the line was recorded against other code (the
 * user's code or zksim changed since), which is the everyday case after fixing a bug.
 */
enum LineAgreement {
    /** The run reproduces the line's digest. */
    MATCHES,
    /** The line records no digest (its run never finished): nothing to compare. */
    NO_DIGEST,
    /** The run differs from the line, and twice alike: the line comes from other code. */
    OTHER_CODE,
    /** The same line run twice gave two digests. */
    NONDETERMINISM;

    /** Compares the outcome with the line, running the line once more if they differ. */
    static LineAgreement of(ScenarioRunner runner, ReproLine line, RunOutcome outcome) {
        if (!line.hasDigest()) {
            return NO_DIGEST;
        }
        if (line.matches(outcome.digest())) {
            return MATCHES;
        }
        return runner.run(line.spec()).digest().equals(outcome.digest()) ? OTHER_CODE : NONDETERMINISM;
    }

    /** One sentence for the user, e.g. "this line was recorded against other code (digest differs: ...)". */
    String describe(ReproLine line, RunOutcome outcome) {
        return switch (this) {
            case MATCHES -> "digest matches the reproduce line";
            case NO_DIGEST -> "the line records no digest (its run never finished), so there is nothing to compare";
            case OTHER_CODE -> (line.checksummed() ? "this line was recorded against other code"
                    : "this line was recorded against other code, or edited (a line from an older zksim carries no"
                            + " checksum to tell)")
                    + " (digest differs: the line has " + line.digest() + ", this code runs it, twice alike, to "
                    + shortDigest(outcome.digest()) + "): your code, a library on the class path (another Curator"
                    + " release, say) or zksim changed since the line was found";
            case NONDETERMINISM -> "NONDETERMINISM: the same line run twice gave two digests, the first "
                    + outcome.digest() + " (the line has " + line.digest() + ")";
        };
    }

    /** What the run does now, said plainly, for a line whose digest no longer applies; the result line details it. */
    static String now(RunOutcome outcome) {
        return outcome.failureKind().map(kind -> "the run now fails: " + kind + " (exit " + kind.exitCode() + ")")
                .orElse("the run now passes");
    }

    private static String shortDigest(String digest) {
        return digest.substring(0, Math.min(16, digest.length()));
    }
}

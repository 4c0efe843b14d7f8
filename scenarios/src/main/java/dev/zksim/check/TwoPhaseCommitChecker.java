package dev.zksim.check;

import dev.zksim.history.History;
import dev.zksim.history.Op;
import dev.zksim.history.OpKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Two-phase commit over one transaction. Each site records VOTE with value YES or NO when it
 * writes its vote; anyone that learns the outcome records DECIDE with value COMMIT or ABORT.
 *
 * <ul>
 *   <li>Agreement: every DECIDE OK carries the same outcome.</li>
 *   <li>Validity of commit: a COMMIT decision needs a YES vote from every site, invoked
 *       before that decision, and no NO vote anywhere. A site that died or timed out before
 *       voting has no YES vote, so a commit without it is caught by the same rule; this is
 *       what forces ABORT when a site dies.</li>
 * </ul>
 * Votes count from their invocation: the coordinator may see a vote through its watch before
 * the voting site hears the reply to its own write.
 */
public final class TwoPhaseCommitChecker implements Checker {
    public static final String YES = "YES";
    public static final String NO = "NO";
    public static final String COMMIT = "COMMIT";
    public static final String ABORT = "ABORT";

    private final List<String> sites;

    public TwoPhaseCommitChecker(List<String> sites) {
        this.sites = List.copyOf(sites);
    }

    @Override
    public String name() {
        return "two-phase commit";
    }

    @Override
    public CheckResult check(History history) {
        Op firstDecision = null;
        Map<String, Op> yesVotes = new TreeMap<>();
        Op noVote = firstNoVote(history);
        for (Op op : history) {
            if (op.f().equals(OpKind.VOTE) && op.isInvoke() && op.value().asText().equals(YES)) {
                yesVotes.putIfAbsent(op.process(), op);
            }
            if (!op.f().equals(OpKind.DECIDE) || !op.isOk()) {
                continue;
            }
            String outcome = op.value().asText();
            if (!outcome.equals(COMMIT) && !outcome.equals(ABORT)) {
                throw new IllegalArgumentException("a decision is COMMIT or ABORT, not " + op);
            }
            if (firstDecision != null && !firstDecision.value().equals(op.value())) {
                return CheckResult.safety(name(), op.time(), "sites decided differently: " + firstDecision.describe()
                        + " but " + op.describe(), List.of(firstDecision, op));
            }
            firstDecision = firstDecision == null ? op : firstDecision;
            if (outcome.equals(COMMIT)) {
                CheckResult invalid = checkCommit(op, yesVotes, noVote);
                if (invalid != null) {
                    return invalid;
                }
            }
        }
        return CheckResult.valid(name());
    }

    private static Op firstNoVote(History history) {
        for (Op op : history) {
            if (op.f().equals(OpKind.VOTE) && op.isInvoke() && op.value().asText().equals(NO)) {
                return op;
            }
        }
        return null;
    }

    private CheckResult checkCommit(Op commit, Map<String, Op> yesVotes, Op noVote) {
        if (noVote != null) {
            return CheckResult.safety(name(), commit.time(), commit.describe() + " although "
                    + noVote.describe() + " voted no", List.of(commit, noVote).stream()
                    .sorted((a, b) -> Long.compare(a.index(), b.index())).toList());
        }
        List<String> missing = new ArrayList<>();
        for (String site : sites) {
            if (!yesVotes.containsKey(site)) {
                missing.add(site);
            }
        }
        if (missing.isEmpty()) {
            return null;
        }
        return CheckResult.safety(name(), commit.time(), commit.describe() + " before sites " + missing
                + " had voted yes", List.of(commit));
    }
}

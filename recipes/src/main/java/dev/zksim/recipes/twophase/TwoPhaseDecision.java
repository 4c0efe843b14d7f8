package dev.zksim.recipes.twophase;

import java.util.Collection;

/** The pure decisions of two-phase commit, for the coordinator and for a site. */
public final class TwoPhaseDecision {

    private TwoPhaseDecision() {
    }

    public enum Outcome {
        COMMIT,
        ABORT
    }

    /** What the coordinator knows of one site. */
    public enum Vote {
        PENDING,
        YES,
        NO,
        /** The site's ephemeral was seen and is gone, and it had not voted: it died. */
        FAILED
    }

    public sealed interface Next {
        record Decide(Outcome outcome) implements Next {
        }

        record Wait() implements Next {
        }
    }

    /** Commit iff every site voted yes; abort on any no, any failed site, or on timeout. */
    public static Next coordinator(Collection<Vote> votes, boolean timedOut) {
        if (votes.contains(Vote.NO) || votes.contains(Vote.FAILED)) {
            return new Next.Decide(Outcome.ABORT);
        }
        if (votes.stream().allMatch(vote -> vote == Vote.YES)) {
            return new Next.Decide(Outcome.COMMIT);
        }
        return timedOut ? new Next.Decide(Outcome.ABORT) : new Next.Wait();
    }

    /**
     * A site follows the decision node. In the variant where sites watch every vote, a site
     * that sees a no may conclude abort at once: the coordinator can never commit then,
     * because votes are written once. It can never conclude commit from votes, since the
     * coordinator may have timed out first.
     */
    public static Next site(Outcome decided, Collection<Vote> seenVotes) {
        if (decided != null) {
            return new Next.Decide(decided);
        }
        return seenVotes.contains(Vote.NO) ? new Next.Decide(Outcome.ABORT) : new Next.Wait();
    }

    static Vote parse(byte[] data) {
        String text = data == null ? "" : new String(data, java.nio.charset.StandardCharsets.UTF_8);
        return switch (text) {
            case "yes" -> Vote.YES;
            case "no" -> Vote.NO;
            default -> Vote.PENDING;
        };
    }
}

package dev.zksim.report.fourletter;

import java.util.Locale;

/**
 * The four-letter words zksim answers, as ZooKeeper's admin port does: the server's
 * statistics (stat, srvr, mntr), its connections (cons), its watches (wchs, wchp, wchc)
 * and its sessions with their ephemerals (dump).
 */
public enum FourLetterWord {
    STAT, SRVR, MNTR, CONS, WCHS, WCHP, WCHC, DUMP;

    /** The word as typed: "stat". */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a word in any case; throws IllegalArgumentException listing the known words. */
    public static FourLetterWord parse(String word) {
        for (FourLetterWord candidate : values()) {
            if (candidate.word().equalsIgnoreCase(word.trim())) {
                return candidate;
            }
        }
        throw new IllegalArgumentException("unknown four-letter word '" + word + "' (known: stat, srvr, mntr, cons, wchs,"
                + " wchp, wchc, dump)");
    }

    /** The server's answer to this word, as text ending in a newline. */
    public String answer(ServerSnapshot server) {
        return FourLetterFormat.answer(this, server);
    }
}

package dev.zksim.kernel;

/**
 * A count and its noun, in the number the count calls for: "1 wake-up", "3 wake-ups",
 * "0 failures". Messages built with it never say "1 wakeups" or "1 seeds".
 */
public final class Plural {
    private Plural() {
    }

    /** The count and the noun, with "s" added unless the count is exactly one. */
    public static String of(long count, String singular) {
        return of(count, singular, singular + "s");
    }

    /** The count and the noun, for nouns whose plural is not the singular with "s" ("1 body", "2 bodies"). */
    public static String of(long count, String singular, String plural) {
        return count + " " + (count == 1 ? singular : plural);
    }
}

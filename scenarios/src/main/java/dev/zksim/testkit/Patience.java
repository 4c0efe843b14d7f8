package dev.zksim.testkit;

import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;

/**
 * How often a workload's callers give a wait up, and after how long: in {@code numerator} of
 * every {@code denominator} seeds, after a time drawn from [min, max] microseconds. Shared by
 * the shapes whose callers can give up (an acquire, a take, an enter), so each draws its
 * patience the same way and a seed's other knobs do not move when a shape gains give-ups.
 */
record Patience(int numerator, int denominator, long min, long max) {

    /** Callers never give up. */
    static final Patience NEVER = new Patience(0, 1, 0, 0);

    /** The default of every shape: a third of the seeds, after 0.2 to 3 s. */
    static final Patience DEFAULT = new Patience(1, 3, Time.millis(200), Time.seconds(3));

    Patience {
        if (numerator < 0 || denominator < 1 || numerator > denominator || (numerator > 0 && (min < 1 || max < min))) {
            throw new IllegalArgumentException("giveUps: need 0 <= numerator <= denominator and 0 < min <= max");
        }
    }

    /** The knob stream of whether a seed's callers give up, which the small scope explores where {@link #offInSmallScope}. */
    static final String GIVE_UPS = "knobs/give-ups";

    /**
     * The seed's patience in microseconds, 0 when its callers wait as long as it takes.
     * Whether they give up is drawn as the {@link #GIVE_UPS} knob ({@link Choices#named}: the
     * same value a seed always drew, under a name the small scope can explore).
     */
    long draw(Choices knobs) {
        return givesUp(knobs) ? knobs.longIn(min, max) : 0;
    }

    private boolean givesUp(Choices knobs) {
        return numerator > 0 && knobs.named("give-ups").chance(numerator, denominator);
    }

    /** Whether callers give up in some seeds. */
    boolean some() {
        return numerator > 0;
    }

    /**
     * Whether the small scope, which draws every knob at 0, would run no give-ups although
     * some seeds have them: a chance below one draws "no" at 0, so the scope must explore it.
     */
    boolean offInSmallScope() {
        return numerator > 0 && numerator < denominator;
    }

    /**
     * As {@link #draw}, but the patience's value comes from the knob sub-stream
     * {@code patience}, which a scenario can name among the knobs its small scope explores
     * (the whether stays a draw of the main knob stream, so the other knobs keep their draws).
     */
    long drawExplorable(Choices knobs) {
        return givesUp(knobs) ? knobs.stream("patience").longIn(min, max) : 0;
    }

    /** A patience for the scenario's description. */
    static String describe(long patience) {
        return patience > 0 ? Time.formatSeconds(patience) : "none";
    }
}

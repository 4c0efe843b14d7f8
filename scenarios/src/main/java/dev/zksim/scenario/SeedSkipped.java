package dev.zksim.scenario;

/**
 * A fixed fault plan names a process that this seed's knobs did not create (the plan says
 * {@code crash s4} and the seed picked three servers): the seed is skipped, not failed,
 * since the plan simply does not apply to it.
 */
public final class SeedSkipped extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SeedSkipped(String message) {
        super(message);
    }
}

package dev.zksim.agent.bridge;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;

/**
 * The clock that {@code Clock.systemUTC()}, {@code Clock.systemDefaultZone()} and the
 * {@code java.time} {@code now()} methods get in rewritten code. It decides at every read:
 * on a simulated thread it tells virtual time, on any other thread the system clock's.
 */
final class SimClock extends Clock {
    static final SimClock UTC = new SimClock(ZoneOffset.UTC);

    private final ZoneId zone;

    SimClock(ZoneId zone) {
        this.zone = Objects.requireNonNull(zone, "zone");
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    @Override
    public Clock withZone(ZoneId newZone) {
        return newZone.equals(zone) ? this : new SimClock(newZone);
    }

    @Override
    public Instant instant() {
        Instant simulated = Bridge.simulatedInstant();
        return simulated != null ? simulated : Clock.systemUTC().instant();
    }

    @Override
    public long millis() {
        return Bridge.currentTimeMillis();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SimClock clock && clock.zone.equals(zone);
    }

    @Override
    public int hashCode() {
        return zone.hashCode() + 17;
    }

    @Override
    public String toString() {
        return "SimClock[" + zone + "]";
    }
}

package dev.zksim.testkit;

import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.nemesis.FaultProfile;
import java.util.ArrayList;
import java.util.List;

/** Fault profiles the catalogue's scenarios share. */
public final class Profiles {

    private Profiles() {
    }

    /**
     * Every fault except a paused client, the profile most scenarios were tuned with. A
     * client paused past its session still believes it holds what it held; the believed checks
     * excuse it until it is told, and only fencing protects a resource from it, so the
     * scenarios about fencing (a paused lock holder, a controller's writes) use
     * {@link #withPausedClients} or pauses alone.
     */
    public static List<FaultKind> withoutPausedClients() {
        List<FaultKind> kinds = new ArrayList<>(List.of(FaultKind.values()));
        kinds.remove(FaultKind.PAUSE_CLIENT);
        return kinds;
    }

    public static List<FaultKind> withPausedClients() {
        return List.of(FaultKind.values());
    }

    /** Up to {@code max} faults of the kinds, between 0.5s and {@code windowEnd}. */
    public static FaultProfile random(List<FaultKind> kinds, int min, int max, long windowEnd) {
        return new FaultProfile(kinds, min, max, Time.millis(500), windowEnd, Time.millis(100), Time.seconds(3));
    }
}

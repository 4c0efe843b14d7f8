package dev.zksim.catalog;

import dev.zksim.testkit.Profiles;
import dev.zksim.scenario.Goal;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.nemesis.FaultKind;
import dev.zksim.scenario.Scenario;
import dev.zksim.testkit.Testkit;
import java.util.List;

/** The barrier, two-phase commit and dynamic configuration. */
public final class CoordinationScenarios {

    private CoordinationScenarios() {
    }

    public static Scenario barrier() {
        return Testkit.barrier("barrier", RecipeBarriers.barrier())
                .title("Barrier: nobody passes before the coordinator lifts it, under random faults")
                .build();
    }

    /** A waiter whose timeout lets it through the barrier while it is still raised. */
    public static Scenario impatientBarrierCanary() {
        return Testkit.barrier("canary-barrier-impatient", RecipeBarriers.impatientCanary())
                .title("Canary: a barrier waiter whose timeout lets it pass before the lift")
                .hold(Time.millis(1000), Time.millis(3000))
                .goals(Goal.completed(OpKind.LIFT, "the barrier was lifted"),
                        Goal.completedBy(OpKind.ENTER, 2, "two clients passed the barrier"))
                .build();
    }

    /** The coordinator and, in each seed, one of the two forms of a site. */
    public static Scenario twoPhaseCommit() {
        return Testkit.twoPhaseCommit("two-phase-commit", RecipeTwoPhase.COORDINATOR, RecipeTwoPhase.SITE)
                .siteVariant("watches every vote", RecipeTwoPhase.WATCHING_SITE)
                .title("Two-phase commit: every site learns one decision, commit only if all voted yes, under random faults")
                .faults(0, 3, Time.seconds(3), Profiles.withoutPausedClients())
                .goals(Goal.completed(OpKind.VOTE, "a site voted"),
                        Goal.completedBy(OpKind.DECIDE, 2, "two sites learned the decision"))
                .build();
    }

    public static Scenario configuration() {
        return Testkit.configuration("configuration", RecipeConfigs.configs())
                .title("Configuration: readers never use a partial configuration while a writer republishes, under random faults")
                .build();
    }

    public static Scenario cache() {
        return Testkit.cache("cache", RecipeCaches.BY_ZXID)
                .title("Cache: every reader's cache and its listener end up equal to the directory, under random faults")
                .build();
    }

    /** The same cache of a registry: the children are ephemeral and go with the writer's session. */
    public static Scenario ephemeralCache() {
        return Testkit.cache("cache-ephemeral", RecipeCaches.BY_ZXID).ephemeralChildren()
                .title("Cache of ephemeral children: readers' caches and listeners follow a writer that loses its session")
                .build();
    }

    /** A cache that judges a change by the version: caught when a child comes back at the version it had. */
    public static Scenario cacheByVersionCanary() {
        return Testkit.cache("canary-cache-by-version", RecipeCaches.BY_VERSION_CANARY)
                .title("Canary: a cache that judges a change by the version misses a child deleted and created again")
                .servers(3).readers(3, 3).writes(20, 30).children(2).gap(Time.millis(100))
                .faults(1, 2, Time.seconds(3), List.of(FaultKind.CRASH_SERVER, FaultKind.PARTITION))
                .build();
    }

    /** A reader that does not follow its new session: caught only when a reader's session expires. */
    public static Scenario startOnceCanary() {
        return Testkit.configuration("canary-config-start-once", RecipeConfigs.startOnceCanary())
                .title("Canary: a configuration reader that does not restart after a new session never converges")
                .servers(1, 3).readers(2, 4).versions(6, 8).gap(Time.millis(600))
                .faults(1, 2, Time.seconds(2), List.of(FaultKind.EXPIRE_SESSION))
                .build();
    }
}

package dev.zksim.testkit;

import dev.zksim.check.LivenessChecker;
import dev.zksim.check.TwoPhaseCommitChecker;
import dev.zksim.history.OpKind;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.Choices;
import dev.zksim.scenario.Goal;
import dev.zksim.scenario.Trial;
import dev.zksim.workload.ClientLog;
import dev.zksim.workload.ScriptClient;
import dev.zksim.workload.TwoPhaseScripts;
import dev.zksim.workload.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A two-phase commit under test. One coordinator (c1) starts a transaction among 2 to 4
 * sites (c2, c3, ...) and times out after a few seconds; each site votes once the
 * transaction's node exists, yes except, in some seeds, the last one. When the builder is
 * given several site implementations (variants of one recipe, such as a site that watches
 * every vote against one that watches only the decision), each seed runs one of them.
 *
 * <p>Checked: every site that learns a decision learns the same one, the coordinator's; it is
 * commit only if every site voted yes; and the coordinator decides within a bound after the
 * faults heal.
 */
public final class TwoPhaseCommitScenario extends ScenarioBuilder<TwoPhaseCommitScenario> {
    private final TwoPhaseCommitUnderTest.CoordinatorFactory coordinators;
    private final List<Variant> variants = new ArrayList<>();
    private String transaction = "/tx";
    private int minSites = 2;
    private int maxSites = 4;
    private int noNumerator = 1;
    private int noDenominator = 3;
    private int minTimeout = 2;
    private int maxTimeout = 10;

    private record Variant(String name, TwoPhaseCommitUnderTest.SiteFactory factory) {
    }

    TwoPhaseCommitScenario(String id, TwoPhaseCommitUnderTest.CoordinatorFactory coordinators,
            TwoPhaseCommitUnderTest.SiteFactory sites) {
        super(id, "Two-phase commit " + id + ": every site learns one decision, under random faults");
        this.coordinators = Objects.requireNonNull(coordinators, "coordinators");
        variants.add(new Variant("as given", Objects.requireNonNull(sites, "sites")));
    }

    /** Another site implementation; each seed runs one of them, printed as "site: name" (the first is "as given"). */
    public TwoPhaseCommitScenario siteVariant(String name, TwoPhaseCommitUnderTest.SiteFactory sites) {
        variants.add(new Variant(Objects.requireNonNull(name, "name"), Objects.requireNonNull(sites, "sites")));
        return this;
    }

    /** The transaction's path (default /tx), given to the factories. */
    public TwoPhaseCommitScenario transaction(String path) {
        this.transaction = Objects.requireNonNull(path, "path");
        return this;
    }

    /** How many sites a seed runs, inclusive range. */
    public TwoPhaseCommitScenario sites(int min, int max) {
        requireRange("sites", 1, min, max);
        this.minSites = min;
        this.maxSites = max;
        return this;
    }

    /** In {@code numerator} of every {@code denominator} seeds the last site votes no (0 for never). */
    public TwoPhaseCommitScenario noVotes(int numerator, int denominator) {
        if (numerator < 0 || denominator < 1 || numerator > denominator) {
            throw new IllegalArgumentException("noVotes: need 0 <= numerator <= denominator");
        }
        this.noNumerator = numerator;
        this.noDenominator = denominator;
        return this;
    }

    /** The coordinator times out after a number of whole seconds each seed draws from this range. */
    public TwoPhaseCommitScenario timeoutSeconds(int min, int max) {
        requireRange("timeoutSeconds", 1, min, max);
        this.minTimeout = min;
        this.maxTimeout = max;
        return this;
    }

    @Override
    protected List<Goal> standardGoals() {
        return ShapeGoals.twoPhaseCommit();
    }

    @Override
    protected Trial prepare(Choices knobs) {
        SwarmKnobs swarm = swarm(knobs);
        int sites = knobs.intIn(minSites, maxSites);
        boolean someNo = noNumerator > 0 && knobs.chance(noNumerator, noDenominator);
        Variant variant = variants.size() > 1 ? knobs.pick(variants) : variants.getFirst();
        long timeout = Time.seconds(knobs.intIn(minTimeout, maxTimeout));
        long bound = Bounds.afterHeal(swarm, timeout + Time.seconds(5));
        List<String> siteIds = new ArrayList<>();
        for (int i = 0; i < sites; i++) {
            siteIds.add("c" + (i + 2));
        }
        RecipeTrial.Installer installer = (ensemble, history) -> {
            Workloads.add(ensemble, new ScriptClient(new ClientLog(history),
                    TwoPhaseScripts.coordinator(coordinators, transaction, siteIds, timeout)));
            for (int i = 0; i < sites; i++) {
                boolean yes = !(someNo && i == sites - 1);
                Workloads.add(ensemble, new ScriptClient(new ClientLog(history),
                        TwoPhaseScripts.site(variant.factory(), transaction, yes)));
            }
        };
        RecipeTrial.Checks checks = (heal, end) -> List.of(new TwoPhaseCommitChecker(siteIds),
                new LivenessChecker(heal, bound, end).onlyKinds(OpKind.DECIDE));
        List<String> described = new ArrayList<>(List.of("sites: " + sites, "a site votes no: " + someNo));
        if (variants.size() > 1) {
            described.add("site: " + variant.name());
        }
        described.add("vote timeout: " + Time.formatSeconds(timeout));
        described.add("liveness bound: " + Time.formatSeconds(bound));
        return new RecipeTrial(swarm, faultsFor(swarm), installer, bound + Time.seconds(5), checks, described);
    }
}

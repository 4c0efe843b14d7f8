package dev.zksim.nemesis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.testkit.Profiles;
import java.util.List;
import org.junit.jupiter.api.Test;

class FaultPlanTest {
    private static final List<String> SERVERS = List.of("s1", "s2", "s3");
    private static final List<String> CLIENTS = List.of("c1", "c2");

    @Test
    void parsesTheExampleFromTheIssue() {
        FaultPlan plan = FaultPlan.parse("at 1.2s crash leader; at 3s partition s1,s2 | s3,c1; at 5s heal");
        assertThat(plan.steps()).containsExactly(
                new FaultPlan.Step(Time.parse("1.2s"), new Fault.Crash(new Target.Leader())),
                new FaultPlan.Step(Time.seconds(3), new Fault.Partition(List.of(
                        List.of(new Target.Named("s1"), new Target.Named("s2")),
                        List.of(new Target.Named("s3"), new Target.Named("c1"))))),
                new FaultPlan.Step(Time.seconds(5), new Fault.Heal()));
        assertThat(plan).hasToString("at 1.2s crash leader; at 3s partition s1,s2 | s3,c1; at 5s heal");
    }

    @Test
    void everyFaultKindPrintsTextThatParsesBackToItself() {
        String text = "at 100ms crash s2 for 2s; at 200ms restart s2; at 300ms pause c1 for 500ms; at 400ms resume c1; "
                + "at 500ms partition s1 -> s2,s3; at 600ms isolate follower; at 700ms expire c2; at 800ms drop-reply c1; "
                + "at 900ms lag follower for 1.5s; at 1s clog s1,c2 by 300ms for 2s; at 1.1s heal";
        FaultPlan plan = FaultPlan.parse(text);
        assertThat(plan.steps()).hasSize(11);
        assertThat(plan.toString()).isEqualTo(text);
        assertThat(FaultPlan.parse(plan.toString())).isEqualTo(plan);
    }

    @Test
    void diskErrorParsesWithAndWithoutItsDurationAndOnlyForServers() {
        String text = "at 1s disk-error s2 for 1.5s; at 2s disk-error leader; at 3s heal";
        FaultPlan plan = FaultPlan.parse(text);
        assertThat(plan.steps().getFirst().fault()).isEqualTo(new Fault.DiskError(new Target.Named("s2"), Time.millis(1500)));
        assertThat(plan.steps().get(1).fault()).isEqualTo(new Fault.DiskError(new Target.Leader(), 0));
        assertThat(plan.toString()).isEqualTo(text);
        assertThatThrownBy(() -> FaultPlan.parse("at 1s disk-error c1")).hasMessageContaining("servers only");
        assertThatThrownBy(() -> FaultPlan.parse("at 1s disk-error s1,s2")).hasMessageContaining("takes one process");
    }

    @Test
    void spuriousWakeupsParseForClientsOnlyAndAreOptIn() {
        String text = "at 1s spurious-wakeup c1; at 2s spurious-wakeup c2";
        FaultPlan plan = FaultPlan.parse(text);
        assertThat(plan.steps().getFirst().fault()).isEqualTo(new Fault.SpuriousWakeup(new Target.Named("c1")));
        assertThat(plan.toString()).isEqualTo(text);
        assertThatThrownBy(() -> FaultPlan.parse("at 1s spurious-wakeup s1")).hasMessageContaining("takes a client");
        assertThat(Profiles.withoutPausedClients()).doesNotContain(FaultKind.SPURIOUS_WAKEUP);
        assertThat(Profiles.withPausedClients()).doesNotContain(FaultKind.SPURIOUS_WAKEUP);
        FaultProfile profile = new FaultProfile(Profiles.withSpuriousWakeups(List.of()), 3, 3, Time.millis(500),
                Time.seconds(2), Time.millis(100), Time.seconds(1));
        FaultPlan generated = FaultPlanGenerator.generate(new SeededChoices(5), profile, List.of("s1"), List.of("c1", "c2"));
        assertThat(generated.steps()).hasSize(3).allSatisfy(step ->
                assertThat(step.fault()).isInstanceOf(Fault.SpuriousWakeup.class));
    }

    @Test
    void diskErrorsAreOptIn() {
        assertThat(Profiles.withoutPausedClients()).doesNotContain(FaultKind.DISK_ERROR);
        assertThat(Profiles.withDiskErrors(List.of(FaultKind.CRASH_SERVER)))
                .containsExactly(FaultKind.CRASH_SERVER, FaultKind.DISK_ERROR);
        FaultProfile profile = new FaultProfile(List.of(FaultKind.DISK_ERROR), 2, 2, Time.millis(500), Time.seconds(2),
                Time.millis(100), Time.seconds(1));
        FaultPlan plan = FaultPlanGenerator.generate(new SeededChoices(5), profile, List.of("s1", "s2", "s3"), List.of("c1"));
        assertThat(plan.steps()).hasSize(2).allSatisfy(step -> {
            assertThat(step.fault()).isInstanceOf(Fault.DiskError.class);
            assertThat(((Fault.DiskError) step.fault()).duration()).isBetween(Time.millis(100), Time.seconds(1));
        });
        assertThat(FaultPlan.parse(plan.toString())).isEqualTo(plan);
        FaultPlan standalone = FaultPlanGenerator.generate(new SeededChoices(5), profile, List.of("s1"), List.of("c1"));
        assertThat(standalone.steps()).noneMatch(step -> step.fault() instanceof Fault.DiskError);
    }

    @Test
    void stepsAreOrderedByTimeKeepingTheWrittenOrderForTies() {
        FaultPlan plan = FaultPlan.parse("at 2s heal; at 1s crash s1; at 1s crash s2");
        assertThat(plan.toString()).isEqualTo("at 1s crash s1; at 1s crash s2; at 2s heal");
    }

    @Test
    void badTextGivesOneLineNamingTheStep() {
        assertThatThrownBy(() -> FaultPlan.parse("at 1s crash s1; at 2x heal"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("fault plan step 2 ('at 2x heal'): ")
                .hasMessageContaining("unknown time unit");
        assertThatThrownBy(() -> FaultPlan.parse("at 1s explode s1")).hasMessageContaining("unknown fault 'explode'");
        assertThatThrownBy(() -> FaultPlan.parse("at 1s crash x9")).hasMessageContaining("not a process: 'x9'");
        assertThatThrownBy(() -> FaultPlan.parse("at 1s partition s1")).hasMessageContaining("at least two groups");
        assertThatThrownBy(() -> FaultPlan.parse("crash s1")).hasMessageContaining("expected 'at TIME FAULT'");
        assertThatThrownBy(() -> FaultPlan.parse("at 1s expire s1")).hasMessageContaining("takes a client");
        assertThatThrownBy(() -> FaultPlan.parse("at 1s clog s1 by 1s for 2s")).hasMessageContaining("exactly two");
    }

    @Test
    void validationNamesAProcessThatIsNotInTheRun() {
        FaultPlan plan = FaultPlan.parse("at 1s crash s4");
        assertThatThrownBy(() -> plan.validate(SERVERS, CLIENTS))
                .hasMessageContaining("names s4").hasMessageContaining("servers s1,s2,s3");
        FaultPlan.parse("at 1s crash leader; at 2s pause c2").validate(SERVERS, CLIENTS);
    }

    @Test
    void generatedPlansAreDeterministicPairedWithRecoveryAndPrintable() {
        FaultProfile profile = new FaultProfile(List.of(FaultKind.values()), 2, 5, Time.seconds(1), Time.seconds(10),
                Time.millis(100), Time.seconds(3));
        for (long seed = 0; seed < 200; seed++) {
            FaultPlan plan = FaultPlanGenerator.generate(new SeededChoices(seed), profile, SERVERS, CLIENTS);
            assertThat(plan).isEqualTo(FaultPlanGenerator.generate(new SeededChoices(seed), profile, SERVERS, CLIENTS));
            assertThat(FaultPlan.parse(plan.toString())).isEqualTo(plan);
            plan.validate(SERVERS, CLIENTS);
            long partitions = plan.steps().stream().filter(step -> step.fault() instanceof Fault.Partition
                    || step.fault() instanceof Fault.OneWayPartition || step.fault() instanceof Fault.Isolate
                    || step.fault() instanceof Fault.RequestLoss).count();
            long heals = plan.steps().stream().filter(step -> step.fault() instanceof Fault.Heal).count();
            assertThat(heals).isEqualTo(partitions);
            assertThat(plan.lastStepTime()).isLessThanOrEqualTo(FaultPlanGenerator.quietAfter(profile));
        }
    }

    @Test
    void withoutDropsOneStep() {
        FaultPlan plan = FaultPlan.parse("at 1s crash s1; at 2s heal");
        assertThat(plan.without(0)).hasToString("at 2s heal");
        assertThat(FaultPlan.parse("")).isEqualTo(FaultPlan.NONE);
        assertThat(FaultPlan.NONE).hasToString("no faults");
    }
}

package dev.zksim.nemesis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.catalog.Catalog;
import dev.zksim.kernel.Time;
import dev.zksim.scenario.ProcessProbe;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Fault plans are checked before any run: what no run can do is an error, what some seeds cannot do skips them. */
class FaultPlanValidationTest {

    @Test
    void aNamedTargetIsAServerOrClientIdWithoutLeadingZeros() {
        for (String id : List.of("s1", "c12", "s70", "c9", "s0", "s01", "x1", "s", "c", "", "s1a", "S1", "c-1", "s\u0661")) {
            boolean processId = id.matches("[sc][1-9][0-9]*");
            boolean accepted;
            try {
                new Target.Named(id);
                accepted = true;
            } catch (IllegalArgumentException refused) {
                accepted = false;
            }
            assertThat(accepted).as(id).isEqualTo(processId);
        }
    }

    @Test
    void lagAppliesToServersAndRolesOnly() {
        assertThatThrownBy(() -> FaultPlan.parse("at 1s lag c1 for 2s")).hasMessageContaining("'lag' applies to servers only");
        assertThatCode(() -> FaultPlan.parse("at 1s lag s2 for 2s; at 2s lag follower for 1s")).doesNotThrowAnyException();
        assertThatThrownBy(() -> FaultPlan.parse("at 1s lag s1 for 0s")).hasMessageContaining("positive duration");
    }

    @Test
    void aProcessBelongsToOneSideOfAPartition() {
        assertThatThrownBy(() -> FaultPlan.parse("at 1s partition s1 | s1")).hasMessageContaining("'s1' appears more than once");
        assertThatThrownBy(() -> FaultPlan.parse("at 1s partition s1,s2 | s3,s2")).hasMessageContaining("'s2'");
        assertThatThrownBy(() -> FaultPlan.parse("at 1s partition leader -> leader")).hasMessageContaining("'leader'");
        // The nemesis itself generates a clog of a process with itself (a no-op); its printed plans must parse back.
        assertThatCode(() -> FaultPlan.parse("at 1s clog s1,s1 by 1s for 1s")).doesNotThrowAnyException();
        assertThatCode(() -> FaultPlan.parse("at 1s partition s1,s2 | s3,c1")).doesNotThrowAnyException();
    }

    @Test
    void stepsBeyondTheBoundOrUndoingEachOtherAtOneInstantAreRejected() {
        long bound = Time.seconds(60);
        assertThatThrownBy(() -> FaultPlan.parse("at 61s heal").validateSteps(bound)).hasMessageContaining("simulated-time bound");
        assertThatThrownBy(() -> FaultPlan.parse("at 2s crash s1; at 2s restart s1").validateSteps(bound))
                .hasMessageContaining("contradict");
        assertThatThrownBy(() -> FaultPlan.parse("at 2s resume c1; at 2s pause c1").validateSteps(bound))
                .hasMessageContaining("contradict");
        assertThatCode(() -> FaultPlan.parse("at 2s crash s1; at 3s restart s1; at 2s pause s2").validateSteps(bound))
                .doesNotThrowAnyException();
        assertThatCode(() -> FaultPlan.parse("at 2s crash s1; at 2s restart s2").validateSteps(bound)).doesNotThrowAnyException();
        assertThatThrownBy(() -> FaultPlan.parse("at 99999999999999999999s heal")).hasMessageContaining("too large");
    }

    @Test
    void missingProcessesAreNamedInOrderOfMention() {
        FaultPlan plan = FaultPlan.parse("at 1s crash s4; at 2s expire c3; at 3s partition s1,s4 | leader; at 4s crash s1");
        assertThat(plan.namedProcesses()).containsExactly("s4", "c3", "s1");
        assertThat(plan.missingProcesses(List.of("s1", "s2", "s3"), List.of("c1", "c2"))).containsExactly("s4", "c3");
        assertThat(plan.missingProcesses(List.of("s1", "s2", "s3", "s4"), List.of("c1", "c2", "c3"))).isEmpty();
    }

    @Test
    void theProbeFindsWhatSomeKnobSettingCreatesAndNothingElse() {
        List<String> possible = ProcessProbe.possibleProcesses(Catalog.standard(), "ensemble-random-ops");
        // The scenario picks 1 to 4 clients and ensembles of up to 5 servers.
        assertThat(possible).contains("s1", "s3", "s5", "c1", "c4").doesNotContain("s6", "s9", "c5");
    }
}

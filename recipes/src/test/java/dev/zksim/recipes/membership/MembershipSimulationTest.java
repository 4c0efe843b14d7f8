package dev.zksim.recipes.membership;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.api.WatchedEvent;
import dev.zksim.api.ZooKeeperClient;
import dev.zksim.ensemble.ClientContext;
import dev.zksim.ensemble.ClientProgram;
import dev.zksim.ensemble.Ensemble;
import dev.zksim.ensemble.EnsembleConfig;
import dev.zksim.kernel.Time;
import dev.zksim.kernel.choice.SeededChoices;
import dev.zksim.recipes.support.ConnectionStates;
import dev.zksim.recipes.support.HolderState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Members join, leave, crash and expire; every member's and the observer's view converge. */
class MembershipSimulationTest {
    private static final String GROUP = "/group";

    private final Map<String, List<String>> views = new LinkedHashMap<>();
    private final Map<String, List<HolderState>> states = new LinkedHashMap<>();
    private final Map<String, GroupMember> members = new LinkedHashMap<>();

    private final class Member implements ClientProgram {
        private ConnectionStates connection;

        @Override
        public void started(ClientContext ctx, ZooKeeperClient zk) {
            connection = new ConnectionStates();
            GroupMember member = new GroupMember(zk, GROUP, ctx.id(), null, connection,
                    state -> states.computeIfAbsent(ctx.id(), id -> new ArrayList<>()).add(state));
            members.put(ctx.id(), member);
            GroupView view = new GroupView(zk, GROUP, changed -> views.put(ctx.id(), changed.view()));
            view.start();
            member.join();
        }

        @Override
        public void process(WatchedEvent event) {
            connection.process(event);
        }
    }

    @Test
    void viewsConvergeAfterJoinsLeavesCrashesAndExpiry() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(2), EnsembleConfig.defaults(1));
        for (int i = 0; i < 5; i++) {
            ensemble.addClient(new Member());
        }
        ensemble.runFor(Time.seconds(1));
        List<String> all = List.of("c1", "c2", "c3", "c4", "c5");
        assertThat(views.values()).allSatisfy(view -> assertThat(view).isEqualTo(all));
        assertThat(states.get("c1")).containsExactly(HolderState.HELD);

        members.get("c2").leave();
        assertThat(ensemble.faults().expireSession("c3")).isTrue();
        ensemble.faults().crash("c4");
        ensemble.runFor(Time.seconds(2));
        assertThat(views.get("c1")).as("c4's session lives on until it expires").isEqualTo(List.of("c1", "c4", "c5"));
        assertThat(states.get("c3")).as("an expired member knows it is out").endsWith(HolderState.LOST);
        assertThat(states.get("c2")).endsWith(HolderState.RELEASED);

        ensemble.runFor(Time.seconds(12));
        for (String live : List.of("c1", "c2", "c5")) {
            assertThat(views.get(live)).as(live).isEqualTo(List.of("c1", "c5"));
        }

        ensemble.faults().restart("c4");
        ensemble.runFor(Time.seconds(1));
        for (String live : List.of("c1", "c2", "c4", "c5")) {
            assertThat(views.get(live)).as(live).isEqualTo(List.of("c1", "c4", "c5"));
        }
    }

    @Test
    void aDisconnectedMemberIsSuspendedThenHeldAgain() {
        Ensemble ensemble = Ensemble.start(new SeededChoices(3), EnsembleConfig.defaults(1));
        ensemble.addClient(new Member());
        ensemble.runFor(Time.seconds(1));
        ensemble.faults().crash("s1");
        ensemble.runFor(Time.seconds(2));
        ensemble.faults().restart("s1");
        ensemble.runFor(Time.seconds(5));
        assertThat(states.get("c1")).containsExactly(HolderState.HELD, HolderState.SUSPENDED, HolderState.HELD);
    }
}

package dev.zksim.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KernelFloorTest {

    @Test
    void theFloorIsAMeasuredPositiveCostPerEvent() {
        double floor = KernelFloor.nanosPerEvent();
        // A schedule and a dispatch take some nanoseconds and far less than a millisecond, on any machine.
        assertThat(floor).isGreaterThan(1).isLessThan(1_000_000);
    }

    @Test
    void theModelsCostIsPrintedBesideTheFloorAsARatio() {
        assertThat(KernelFloor.describe(812, 111)).isEqualTo("812 ns/event, 7.3x the kernel floor of 111 ns");
    }
}

package dev.zksim.herd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LogLogFitTest {

    @Test
    void aPowerLawFitsItsExponentExactly() {
        for (double exponent : new double[] {0, 1, 2, 2.5}) {
            List<double[]> points = new ArrayList<>();
            for (int n = 2; n <= 64; n *= 2) {
                points.add(new double[] {n, 3 * StrictMath.pow(n, exponent)});
            }
            assertThat(LogLogFit.slope(points)).isCloseTo(exponent, within(1e-9));
        }
    }

    @Test
    void pointsWithoutALogarithmAreLeftOutAndTooFewGiveNaN() {
        assertThat(LogLogFit.slope(List.of(new double[] {2, 4}, new double[] {4, 16}, new double[] {8, 0})))
                .isCloseTo(2, within(1e-9));
        assertThat(LogLogFit.slope(List.of(new double[] {2, 4}, new double[] {4, 0}))).isNaN();
        assertThat(LogLogFit.slope(List.of(new double[] {2, 4}, new double[] {2, 8}))).isNaN();
    }
}

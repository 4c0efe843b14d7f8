package dev.zksim.report.chart;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.report.chart.Series.Point;
import dev.zksim.report.testing.Xml;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineChartTest {

    @Test
    void linearTicksStepByOneTwoOrFive() {
        assertThat(Ticks.step(10)).isEqualTo(2);
        assertThat(Ticks.step(600)).isEqualTo(100);
        assertThat(Ticks.values(Scale.LINEAR, Ticks.domain(Scale.LINEAR, 0, 9.5))).containsExactly(0.0, 2.0, 4.0, 6.0, 8.0, 10.0);
    }

    @Test
    void logTicksArePowersOfTenWithTwoAndFiveOnShortAxes() {
        assertThat(Ticks.values(Scale.LOG, Ticks.domain(Scale.LOG, 3, 70))).containsExactly(1.0, 2.0, 5.0, 10.0, 20.0, 50.0,
                100.0);
        assertThat(Ticks.values(Scale.LOG, Ticks.domain(Scale.LOG, 3, 700))).containsExactly(1.0, 10.0, 100.0, 1000.0);
        assertThat(Ticks.values(Scale.LOG, Ticks.domain(Scale.LOG, 1, 1e5))).hasSize(6);
        assertThat(Ticks.label(1e6)).isEqualTo("10^6");
        assertThat(Ticks.label(0.25)).isEqualTo("0.25");
    }

    @Test
    void logLogChartLeavesOutPointsItCannotShow() throws Exception {
        LineChart chart = LineChart.of("Herd", Axis.log("clients"), Axis.log("wake-ups"),
                List.of(new Series("herd", List.of(new Point(1, 0), new Point(2, 1), new Point(4, 3), new Point(8, 7)))));
        assertThat(chart.hiddenPoints()).isEqualTo(1);
        String svg = chart.toSvg();
        Xml.parse(svg);
        assertThat(svg).contains("(log scale)").contains("<title>herd: x=8, y=7</title>").contains("<polyline");
    }

    @Test
    void anEmptyChartStillDraws() throws Exception {
        Xml.parse(LineChart.of("Nothing yet", Axis.linear("x"), Axis.linear("y"), List.of()).toSvg());
    }
}

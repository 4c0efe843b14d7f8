package dev.zksim.report.herd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.report.testing.SamplePages;
import dev.zksim.report.testing.Xml;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/** The herd page, CSV and JSON from made-up numbers: one table behind all three, a well-formed page with its charts. */
class HerdReportTest {

    @Test
    void thePageIsWellFormedWithThreeChartsTheSlopesAndEveryRow() throws Exception {
        Path page = SamplePages.herd();
        String html = Files.readString(page, StandardCharsets.UTF_8);
        Document document = Xml.parse(html);
        assertThat(document.getElementsByTagName("svg").getLength()).isEqualTo(3);
        assertThat(html).contains("Wake-ups to serve every client").contains("(log scale)")
                .contains("<td class=\"num verdict-ok\">1.17</td>").contains("futile wake-up")
                .contains("handoff, lowest-watch lock").doesNotContain("<script");
        // A header and the slopes' table row, then 12 rows of numbers: 6 counts for each of 2 variants.
        assertThat(document.getElementsByTagName("tr").getLength()).isEqualTo(1 + 2 + 1 + 12);
    }

    @Test
    void csvJsonAndSummaryCarryTheSameNumbers() throws Exception {
        Path page = SamplePages.herd();
        String csv = Files.readString(page.resolveSibling("herd-report.csv"), StandardCharsets.UTF_8);
        String json = Files.readString(page.resolveSibling("herd-report.json"), StandardCharsets.UTF_8);
        assertThat(csv.lines().toList()).hasSize(13)
                .contains("lowest-watch lock,64,64,63,2080,2016,32,1953,34.5,36.5,63,448,2.17,2");
        assertThat(json).contains("\"wakeups\": 2016").contains("\"fitted_slope\": 2.17");
        HerdReport report = new HerdReport(List.of(), List.of(new HerdSeries("x", "h", 1, "e",
                List.of(new HerdRow(2, 2, 1, 3, 1, 0, 6, 10, 1, 1000)), Double.NaN)));
        assertThat(report.summary()).singleElement().asString().contains("slope n/a").contains("differs");
        assertThat(report.table().toCsv()).contains("x,2,2,1,3,1,1,0,3,5,1,1,,1");
    }

    @Test
    void aRowThatCountsMoreWakeupsThanNotificationsIsRejected() {
        assertThatThrownBy(() -> new HerdRow(4, 4, 3, 2, 3, 0, 0, 0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}

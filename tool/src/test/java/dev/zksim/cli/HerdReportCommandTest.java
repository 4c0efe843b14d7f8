package dev.zksim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/** herd-report: the files it writes, what it prints, and one-line errors for bad counts. */
class HerdReportCommandTest extends CliTestSupport {

    @Test
    void writesTheWellFormedPageCsvAndJsonAndPrintsThePathAndSlopes() throws Exception {
        Path folder = Path.of("target", "herd-report-test");
        assertThat(Main.execute("herd-report", "--clients", "8,2,4", "--out", folder.toString())).isZero();
        Path page = folder.resolve("herd-report.html");
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(printed).contains("herd report written to " + page.toAbsolutePath())
                .contains("lock file").contains("expected ~2 (O(n^2))").contains("herd-free lock");
        String html = Files.readString(page, StandardCharsets.UTF_8);
        Document document = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
        assertThat(document.getElementsByTagName("svg").getLength()).isEqualTo(3);
        assertThat(html).contains("class=\"chart\"").contains("<polyline").contains("double barrier")
                .doesNotContain("<script");
        String csv = Files.readString(folder.resolve("herd-report.csv"), StandardCharsets.UTF_8);
        assertThat(csv.lines().count()).as("a header and 7 variants x 3 counts").isEqualTo(22);
        assertThat(csv).startsWith("variant,clients,acquisitions,handoffs,notifications,wakeups")
                .contains("lowest-watch lock,8,8,7,36,28,4,21,");
        assertThat(Files.readString(folder.resolve("herd-report.json"), StandardCharsets.UTF_8))
                .contains("\"variant\": \"lowest-watch lock\"").contains("\"wakeups\": 28");
    }

    @Test
    void badCountsAreOneLineErrorsWithExitTwo() {
        for (String clients : new String[] {"0,4", "x", "2", "4,512", ""}) {
            err.reset();
            assertThat(Main.execute("herd-report", "--clients", clients)).as(clients).isEqualTo(2);
            String message = err.toString(StandardCharsets.UTF_8);
            assertThat(message).as(clients).startsWith("zksim: --clients").endsWith("\n");
            assertThat(message.strip().lines().count()).as(clients).isEqualTo(1);
        }
    }

    @Test
    void anUnknownVariantIsOneLineAndLeavesNoFolderBehind(@org.junit.jupiter.api.io.TempDir Path dir) {
        Path folder = dir.resolve("herd");
        assertThat(Main.execute("herd-report", "--variants", "no_such_variant", "--out", folder.toString())).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("zksim: ").contains("no_such_variant").hasLineCount(1);
        assertThat(folder).doesNotExist();
        assertThat(Main.execute("herd-report", "--servers", "2", "--out", folder.toString())).isEqualTo(2);
        assertThat(folder).doesNotExist();
    }
}

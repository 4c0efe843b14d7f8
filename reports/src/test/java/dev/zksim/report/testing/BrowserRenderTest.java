package dev.zksim.report.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Opens the generated pages in a real headless browser (Debian's chromium, installed by
 * src/test/scripts/ensure-chromium.sh when missing) and checks that they render: the SVG
 * is in the DOM, a screenshot shows the charts' colours, and the
 * browser logged no console message or uncaught error. Before any browser, the pages must
 * parse as XML, refer to nothing outside themselves and contain no script (so they read
 * the same with scripts off; chromium itself cannot dump or screenshot with them off).
 *
 * <p>When no browser can be had, the browser checks fail under CI (CI=true; CI runs as
 * root on Debian, where the script can install chromium, so a missing browser means the
 * install broke and must not pass silently) and are skipped elsewhere with the reason, so
 * a developer without root can still build.
 */
class BrowserRenderTest {
    private static final Pattern EXTERNAL = Pattern.compile("(?:src|href)\\s*=\\s*\"(?!#|data:)|url\\((?!#)|https?://(?!www\\.w3\\.org/)");
    private static HeadlessBrowser browser;
    private static String unavailable;

    @BeforeAll
    static void findBrowser() throws Exception {
        HeadlessBrowser.Availability availability = HeadlessBrowser.ensure();
        browser = availability.browser().orElse(null);
        unavailable = browser == null ? availability.report() : null;
    }

    private static HeadlessBrowser requireBrowser() {
        if (browser == null) {
            String why = "no headless browser: " + unavailable;
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError(why + " (CI must be able to install chromium with ensure-chromium.sh)");
            }
            Assumptions.abort(why);
        }
        return browser;
    }

    @Test
    void pagesAreWellFormedAndSelfContained() throws Exception {
        for (Path page : new Path[] {SamplePages.diagram(), SamplePages.chart(), SamplePages.herd()}) {
            String text = Files.readString(page, StandardCharsets.UTF_8);
            Xml.parse(text);
            assertThat(text).as("%s must read without JavaScript", page).doesNotContain("<script");
            Matcher external = EXTERNAL.matcher(text);
            assertThat(external.find()).as("%s refers to something outside itself near: %s", page,
                    external.find(0) ? text.substring(external.start(), Math.min(text.length(), external.start() + 80)) : "").isFalse();
        }
    }

    @Test
    void diagramRendersWithoutErrors() throws Exception {
        HeadlessBrowser chromium = requireBrowser();
        Path page = SamplePages.diagram();
        HeadlessBrowser.Run run = chromium.dumpDom(page);
        assertThat(run.exitCode()).as(run.log()).isZero();
        assertThat(run.consoleLines()).as("console output of %s", page).isEmpty();
        assertThat(run.stdout()).contains("<svg").contains("class=\"spacetime\"").contains("class=\"m-watch\"");
        assertThat(count(run.stdout(), "<line")).isGreaterThan(1000);
        Path png = SamplePages.FOLDER.resolve("spacetime.png");
        HeadlessBrowser.Run shot = chromium.screenshot(page, png, 1400, 900);
        assertThat(shot.consoleLines()).isEmpty();
        assertThat(pixelsOf(png, 0xd55e00)).as("watch-notification orange in the screenshot").isGreaterThan(20);
        assertThat(pixelsOf(png, 0x7f8c99)).as("client-message grey in the screenshot").isGreaterThan(20);
    }

    @Test
    void chartPageRendersWithoutErrors() throws Exception {
        HeadlessBrowser chromium = requireBrowser();
        Path page = SamplePages.chart();
        HeadlessBrowser.Run run = chromium.dumpDom(page);
        assertThat(run.consoleLines()).isEmpty();
        assertThat(count(run.stdout(), "<svg")).isEqualTo(2);
        assertThat(count(run.stdout(), "<polyline")).isEqualTo(4);
        Path png = SamplePages.FOLDER.resolve("chart.png");
        assertThat(chromium.screenshot(page, png, 1000, 1000).consoleLines()).isEmpty();
        assertThat(pixelsOf(png, 0x0072b2)).as("first series blue").isGreaterThan(50);
        assertThat(pixelsOf(png, 0xd55e00)).as("second series orange").isGreaterThan(50);
    }

    @Test
    void herdReportRendersWithoutErrors() throws Exception {
        HeadlessBrowser chromium = requireBrowser();
        Path page = SamplePages.herd();
        HeadlessBrowser.Run run = chromium.dumpDom(page);
        assertThat(run.exitCode()).as(run.log()).isZero();
        assertThat(run.consoleLines()).as("console output of %s", page).isEmpty();
        assertThat(count(run.stdout(), "<svg")).as("three log-log charts").isEqualTo(3);
        assertThat(count(run.stdout(), "<polyline")).as("two series per chart").isEqualTo(6);
        assertThat(run.stdout()).contains("class=\"slopes\"").contains("lowest-watch lock");
        Path png = SamplePages.FOLDER.resolve("herd-report.png");
        assertThat(chromium.screenshot(page, png, 1000, 2400).consoleLines()).isEmpty();
        assertThat(pixelsOf(png, 0x0072b2)).as("first series blue").isGreaterThan(50);
        assertThat(pixelsOf(png, 0xd55e00)).as("second series orange").isGreaterThan(50);
    }

    private static int count(String text, String needle) {
        int count = 0;
        for (int at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
            count++;
        }
        return count;
    }

    /** Pixels within a small distance of the colour: antialiasing blends the edges of lines. */
    private static int pixelsOf(Path png, int rgb) throws IOException {
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image).as("screenshot %s", png).isNotNull();
        int matches = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int pixel = image.getRGB(x, y);
                int distance = Math.abs(((pixel >> 16) & 0xff) - ((rgb >> 16) & 0xff))
                        + Math.abs(((pixel >> 8) & 0xff) - ((rgb >> 8) & 0xff)) + Math.abs((pixel & 0xff) - (rgb & 0xff));
                matches += distance < 24 ? 1 : 0;
            }
        }
        return matches;
    }
}

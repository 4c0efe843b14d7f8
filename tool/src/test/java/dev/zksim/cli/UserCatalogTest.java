package dev.zksim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's scenario catalogue on the command line: found through {@code --classpath}, run and
 * replayed like zksim's own, and every way a user can get it wrong is one line and exit 2.
 */
class UserCatalogTest extends CliTestSupport {

    @TempDir
    Path dir;

    /** A class path directory whose services file names the given catalogue classes. */
    private String classpathListing(String... providers) throws IOException {
        Path services = dir.resolve("META-INF/services");
        Files.createDirectories(services);
        Files.writeString(services.resolve("dev.zksim.testkit.CatalogProvider"), String.join("\n", providers) + "\n");
        return dir.toString();
    }

    private void assertOneLineError(String... fragments) {
        assertThat(stderr().lines().count()).as(stderr()).isEqualTo(1);
        assertThat(stderr()).startsWith("zksim: ").contains(fragments).doesNotContain("Exception\n\tat");
    }

    @Test
    void aUsersScenarioIsListedWithItsCatalogueAndRuns() throws IOException {
        String classpath = classpathListing("dev.zksim.cli.fixtures.AcmeCatalog");
        assertThat(Main.execute("--classpath", classpath, "list")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("acme/acme-lock").contains("lock-basic");
        out.reset();
        assertThat(Main.execute("--classpath", classpath, "run", "acme-lock", "--seed", "3")).isZero();
        String run = out.toString(StandardCharsets.UTF_8);
        assertThat(run).contains("result: passed");
    }

    @Test
    void aMissingClasspathEntryIsOneLine() {
        assertThat(Main.execute("--classpath", dir.resolve("nope").toString(), "list")).isEqualTo(2);
        assertOneLineError("does not exist");
    }

    @Test
    void classPathsThatLoadNothingAreOneLineEach() throws IOException {
        Path textJar = Files.writeString(dir.resolve("notes.jar"), "not a zip archive");
        Path emptyFile = Files.write(dir.resolve("empty.jar"), new byte[0]);
        Path noEntries = dir.resolve("no-entries.jar");
        try (java.util.jar.JarOutputStream jar = new java.util.jar.JarOutputStream(Files.newOutputStream(noEntries))) {
            jar.finish();
        }
        Path regular = Files.writeString(dir.resolve("classes.txt"), "a list of classes");
        Path noJars = Files.createDirectories(dir.resolve("lib"));
        String[][] cases = {
            {textJar.toString(), "is not a readable jar"},
            {emptyFile.toString(), "is not a readable jar"},
            {noEntries.toString(), "is an empty jar"},
            {regular.toString(), "is neither a folder nor a jar"},
            {noJars + "/*", "matches no jar in " + noJars},
            {noJars + "/*.jar", "the only wildcard is DIR/*"},
            {"", "names no folder or jar"},
            {":", "names no folder or jar"},
        };
        for (String[] bad : cases) {
            err.reset();
            assertThat(Main.execute("--classpath", bad[0], "list")).as(bad[0]).isEqualTo(2);
            assertThat(stderr()).as(bad[0]).hasLineCount(1).startsWith("zksim: --classpath: ").contains(bad[1])
                    .doesNotContain("Exception");
        }
    }

    @Test
    void aRelativeEntryThatIsMissingNamesWhereItWasLookedFor() {
        assertThat(Main.execute("--classpath", "no-such-folder/classes", "list")).isEqualTo(2);
        assertOneLineError("'no-such-folder/classes' does not exist (looked for "
                + Path.of("no-such-folder/classes").toAbsolutePath() + ")");
    }

    @Test
    void aCatalogueClassThatDoesNotLoadIsOneLine() throws IOException {
        assertThat(Main.execute("--classpath", classpathListing("com.acme.Missing"), "list")).isEqualTo(2);
        assertOneLineError("a scenario catalogue failed to load");
    }

    @Test
    void aCatalogueThatThrowsIsOneLine() throws IOException {
        String classpath = classpathListing("dev.zksim.cli.fixtures.FailingCatalog");
        assertThat(Main.execute("--classpath", classpath, "list")).isEqualTo(2);
        assertOneLineError("FailingCatalog failed to build", "the lock factory is not configured");
    }

    @Test
    void twoCataloguesWithTheSameScenarioIdAreOneLine() throws IOException {
        String classpath = classpathListing("dev.zksim.cli.fixtures.ClashingCatalog");
        assertThat(Main.execute("--classpath", classpath, "run", "lock-basic", "--seed", "1")).isEqualTo(2);
        assertOneLineError("'lock-basic' is defined twice", "'zksim'", "'clash'");
    }

    @Test
    void aLineWhoseCatalogueIsNotOnTheClasspathIsOneLine() {
        assertThat(Main.execute("replay", "zksim3:acme/acme-lock:3:-:-:0123456789abcdef")).isEqualTo(2);
        assertOneLineError("needs catalogue 'acme'", "--classpath");
    }
}

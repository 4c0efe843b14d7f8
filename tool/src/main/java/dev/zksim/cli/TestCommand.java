package dev.zksim.cli;

import picocli.CommandLine.Command;

/**
 * {@code zksim test}: listed here so that --help shows it. The launcher runs the test suite
 * itself (mvn verify) before any JVM starts, so reaching this class means the launcher was
 * bypassed.
 */
@Command(name = "test", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = "Run the whole test suite (mvn verify); handled by the ./zksim launcher.")
final class TestCommand implements java.util.concurrent.Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("zksim: run the tests through the launcher: ./zksim test");
        return Main.BAD_INPUT;
    }
}

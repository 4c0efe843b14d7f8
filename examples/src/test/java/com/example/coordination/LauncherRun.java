package com.example.coordination;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs the test methods of one class through the JUnit Platform launcher, as an IDE or
 * surefire does, and keeps what each method published and how it ended: the way to test what
 * a {@code @SimulationProperty} shows its users rather than what it returns.
 */
final class LauncherRun {
    /** Each method's report entries, keys in the order published. */
    final Map<String, Map<String, String>> entries = new TreeMap<>();
    /** Each method's result. */
    final Map<String, TestExecutionResult> results = new TreeMap<>();

    private LauncherRun() {
    }

    /** Runs every test method of {@code fixture}, with these system properties set meanwhile. */
    static LauncherRun of(Class<?> fixture, Map<String, String> properties) {
        Map<String, String> before = new LinkedHashMap<>();
        properties.forEach((key, value) -> before.put(key, System.setProperty(key, value)));
        try {
            LauncherRun run = new LauncherRun();
            LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(fixture)).build(),
                    new TestExecutionListener() {
                        @Override
                        public void reportingEntryPublished(TestIdentifier test, ReportEntry entry) {
                            run.entries.computeIfAbsent(method(test), name -> new LinkedHashMap<>()).putAll(entry.getKeyValuePairs());
                        }

                        @Override
                        public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                            if (test.isTest()) {
                                run.results.put(method(test), result);
                            }
                        }
                    });
            return run;
        } finally {
            before.forEach((key, value) -> {
                if (value == null) {
                    System.clearProperty(key);
                } else {
                    System.setProperty(key, value);
                }
            });
        }
    }

    /** Whether the method passed. */
    boolean passed(String method) {
        return results.get(method).getStatus() == TestExecutionResult.Status.SUCCESSFUL;
    }

    /** The message the method failed with ("" if it passed). */
    String failure(String method) {
        return results.get(method).getThrowable().map(Throwable::getMessage).orElse("");
    }

    private static String method(TestIdentifier test) {
        return test.getSource().filter(MethodSource.class::isInstance).map(source -> ((MethodSource) source).getMethodName())
                .orElse(test.getDisplayName());
    }
}

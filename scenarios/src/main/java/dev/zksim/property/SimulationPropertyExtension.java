package dev.zksim.property;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The JUnit Jupiter side of a {@link SimulationProperty}: gives the method its {@link Seeds}
 * (from the annotation, overridden by system properties), with the method's failure store and
 * a fresh {@link PropertyStats}; after the method ran, publishes the stats as report entries
 * ({@link ExtensionContext#publishReportEntry}), which IDEs show with the test, and prints them
 * on one line of the test's output, which surefire keeps in its XML report.
 *
 * <p>System properties: {@code zksim.seed}, {@code zksim.seeds}, {@code zksim.determinismEvery},
 * {@code zksim.for}, {@code zksim.threads}, {@code zksim.maxWall} (seconds per seed) and
 * {@code zksim.failures} (the failure store's folder, default {@code target/zksim-failures};
 * {@code none} keeps no store).
 */
public final class SimulationPropertyExtension implements ParameterResolver, AfterTestExecutionCallback {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SimulationPropertyExtension.class);
    private static final String STATS = "stats";
    /** Where failing seeds are kept by default: under the build folder, which mvn clean empties. */
    public static final String DEFAULT_FAILURES = "target/zksim-failures";

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == Seeds.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
        SimulationProperty property = method.getAnnotation(SimulationProperty.class);
        PropertyStats stats = new PropertyStats();
        context.getStore(NAMESPACE).put(STATS, stats);
        return new Seeds(Long.getLong("zksim.seed", 0L),
                Integer.getInteger("zksim.seeds", property == null ? 20 : property.seeds()),
                Integer.getInteger("zksim.determinismEvery", property == null ? 1 : property.determinismEvery()),
                Long.getLong("zksim.for", property == null ? 0 : property.seconds()),
                Integer.getInteger("zksim.threads", property == null ? 1 : property.threads()),
                property == null ? List.of() : Arrays.asList(property.regressions()),
                Long.getLong("zksim.maxWall", property == null ? Seeds.DEFAULT_SEED_WALL_SECONDS : property.maxWallSeconds()),
                store(context.getRequiredTestClass().getName(), method.getName()), stats);
    }

    @Override
    public void afterTestExecution(ExtensionContext context) {
        PropertyStats stats = context.getStore(NAMESPACE).get(STATS, PropertyStats.class);
        if (stats != null) {
            Map<String, String> entries = stats.entries();
            entries.forEach(context::publishReportEntry);
            // Surefire does not write JUnit Platform report entries into its XML reports, but it
            // does keep what a test prints: the same entries on one line of the test's output.
            List<String> pairs = new ArrayList<>();
            entries.forEach((key, value) -> pairs.add(key + " = " + value));
            System.out.println("zksim: " + context.getRequiredTestClass().getName() + "."
                    + context.getRequiredTestMethod().getName() + ": " + String.join(", ", pairs));
        }
    }

    private static FailureStore store(String className, String methodName) {
        String folder = System.getProperty("zksim.failures", DEFAULT_FAILURES);
        return folder.isBlank() || folder.equals("none") ? FailureStore.NONE : FailureStore.of(Path.of(folder), className, methodName);
    }
}

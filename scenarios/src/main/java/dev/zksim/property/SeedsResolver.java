package dev.zksim.property;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/** Gives a {@link SimulationProperty} method its {@link Seeds} from system properties. */
public final class SeedsResolver implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == Seeds.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        SimulationProperty property = context.getRequiredTestMethod().getAnnotation(SimulationProperty.class);
        int defaultCount = property == null ? 20 : property.seeds();
        int every = property == null ? 1 : property.determinismEvery();
        long budget = property == null ? 0 : property.seconds();
        int threads = property == null ? 1 : property.threads();
        return new Seeds(Long.getLong("zksim.seed", 0L), Integer.getInteger("zksim.seeds", defaultCount),
                Integer.getInteger("zksim.determinismEvery", every), Long.getLong("zksim.for", budget),
                Integer.getInteger("zksim.threads", threads));
    }
}

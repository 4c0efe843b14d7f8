package dev.zksim.official.threads;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;

/**
 * Under the agent every identity hash is the same constant, so the JDK's registry of thread
 * containers (one per executor) would keep all its keys in one bin and search them all on every
 * registration; the agent gives each key a hash of its own. This JVM runs with the agent and
 * {@code -XX:hashCode=2}, as a user's tests do.
 */
class ThreadContainerRegistryTest {

    @Test
    void eachRegisteredContainerGetsAKeyWithAHashOfItsOwn() throws Exception {
        Class<?> registry = Class.forName("jdk.internal.vm.ThreadContainers");
        Method register = registry.getMethod("registerContainer", Class.forName("jdk.internal.vm.ThreadContainer"));
        Method deregister = registry.getMethod("deregisterContainer", Object.class);
        Object root = registry.getMethod("root").invoke(null);
        assertThat(new Object().hashCode()).as("the agent's identity hash").isEqualTo(new Object().hashCode());

        Object first = register.invoke(null, root);
        Object second = register.invoke(null, root);
        try {
            assertThat(first.getClass().getName()).isEqualTo("dev.zksim.agent.bridge.ContainerRef");
            assertThat(first.hashCode()).isNotEqualTo(second.hashCode());
            assertThat(first).isNotEqualTo(second);
        } finally {
            deregister.invoke(null, first);
            deregister.invoke(null, second);
        }
    }
}

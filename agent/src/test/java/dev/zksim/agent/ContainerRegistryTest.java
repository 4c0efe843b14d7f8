package dev.zksim.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.net.URI;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** The JDK's thread-container registry keys each container under a reference with a hash of its own. */
class ContainerRegistryTest {
    private static final String CONTAINER_REF = "dev/zksim/agent/bridge/ContainerRef";

    @Test
    void theRunningJdksRegistryMakesAContainerRefWhereItMadeAWeakReference() throws IOException {
        byte[] original = Files.readAllBytes(FileSystems.getFileSystem(URI.create("jrt:/"))
                .getPath("modules", "java.base", ContainerRegistry.CLASS + ".class"));
        assertThat(instructionsOf(original, "registerContainer")).contains("NEW java/lang/ref/WeakReference");

        byte[] rewritten = ContainerRegistry.rewrite(original);

        assertThat(rewritten).isNotNull();
        assertThat(instructionsOf(rewritten, "registerContainer"))
                .contains("NEW " + CONTAINER_REF, "INIT " + CONTAINER_REF)
                .doesNotContain("NEW java/lang/ref/WeakReference", "INIT java/lang/ref/WeakReference");
        assertThat(instructionsOf(rewritten, "deregisterContainer"))
                .isEqualTo(instructionsOf(original, "deregisterContainer"));
    }

    /** Stands in for a JDK whose registerContainer makes a second weak reference. */
    static final class TwoReferences {
        static Object registerContainer(Object container, ReferenceQueue<Object> queue) {
            return List.of(new WeakReference<>(container, queue), new WeakReference<>(container, queue));
        }
    }

    @Test
    void aRegistryOfAnotherShapeIsLeftAsItWas() throws IOException {
        String resource = "/" + TwoReferences.class.getName().replace('.', '/') + ".class";
        try (var in = ContainerRegistryTest.class.getResourceAsStream(resource)) {
            assertThat(ContainerRegistry.rewrite(in.readAllBytes())).isNull();
        }
    }

    /** "NEW type" and "INIT owner" for the object creations of one method, in order. */
    private static List<String> instructionsOf(byte[] classFile, String method) {
        List<String> found = new ArrayList<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                if (!name.equals(method)) {
                    return null;
                }
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitTypeInsn(int opcode, String type) {
                        if (opcode == Opcodes.NEW) {
                            found.add("NEW " + type);
                        }
                    }

                    @Override
                    public void visitMethodInsn(int opcode, String owner, String name, String descriptor,
                            boolean isInterface) {
                        found.add((name.equals("<init>") ? "INIT " : "CALL ") + owner);
                    }
                };
            }
        }, 0);
        return found;
    }
}

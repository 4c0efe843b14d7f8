package dev.zksim.kernel.trace;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 over lines of text: combines digests (a sweep's, the demo's) and keys the shrinker's tried candidates. */
public final class LineDigest {

    private LineDigest() {
    }

    /**
     * Never updated, only cloned: looking a digest up by name goes through the security
     * providers' algorithm checks, which cost more than a short run of the explorer (it
     * starts thousands of simulations a second, each with a trace digest).
     */
    private static final MessageDigest PROTOTYPE = lookUp();

    /** A fresh SHA-256 instance; every JDK ships one. */
    private static MessageDigest sha256() {
        try {
            return (MessageDigest) PROTOTYPE.clone();
        } catch (CloneNotSupportedException e) {
            return lookUp();
        }
    }

    private static MessageDigest lookUp() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK ships SHA-256", e);
        }
    }

    /** The hex SHA-256 of the lines, each followed by a newline, in order. */
    public static String of(Iterable<String> lines) {
        MessageDigest sha = sha256();
        for (String line : lines) {
            sha.update((line + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}

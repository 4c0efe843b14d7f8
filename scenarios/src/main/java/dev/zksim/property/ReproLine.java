package dev.zksim.property;

import dev.zksim.kernel.choice.ChoiceLog;
import dev.zksim.nemesis.FaultPlan;
import dev.zksim.scenario.RunSpec;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.CRC32;
import java.util.zip.Inflater;

/**
 * The one line that reproduces a run: {@code zksim4:SCENARIO:SEED:PLAN:CHOICES:DIGEST:CHECK}. The
 * seed is hex; PLAN and CHOICES are "-" when the run generated them from the seed, otherwise
 * the fault plan text and the recorded choices ({@link ChoiceCodec}), compressed and
 * base64url-encoded (a shrunk run needs both); DIGEST is the first 16 hex characters of the trace digest the replay
 * must reproduce (or all 32), or "-" for a run that never finished (a crash outside any
 * event, a run abandoned at its wall-clock bound), whose replay has nothing to compare.
 * CHECK is the CRC-32 of everything before it, as 8 hex characters: it tells a line that was
 * edited or damaged in copying (refused) from one recorded against other code (its digest
 * differs, and the replay says how the run goes now). Lines printed before the checksum
 * existed end at DIGEST; they still parse, and a digest they disagree with cannot say which
 * of the two happened ({@link #checksummed()} is false).
 *
 * <p>The version names the digest's encoding: zksim1 digested rendered text lines, zksim2
 * hashed the compact binary encoding of the trace's fields with SHA-256, zksim3 hashes the
 * same encoding with a 128-bit MurmurHash3 (a tenth of the cost). A line of those two older
 * versions cannot be checked by this one and is refused in one line that says so. zksim4
 * digests as zksim3 does, but its runs end once the ensemble goes idle for good
 * ({@link RunSpec#endsWhenIdle()}), so their traces stop earlier; a zksim3 line still replays,
 * run to its scheduled end as it was recorded, and its shrunk lines stay zksim3.
 */
public record ReproLine(RunSpec spec, String digest, boolean checksummed) {
    private static final String VERSION = "zksim4";
    /** The version of lines whose runs went on to their scheduled end after going idle. */
    private static final String FULL_TAIL_VERSION = "zksim3";
    private static final int DIGEST_CHARS = 16;
    private static final int FULL_DIGEST_CHARS = 32;
    private static final int CHECK_CHARS = 8;
    private static final String NO_DIGEST = "-";

    /** The line of a run, as zksim prints it: with its checksum. */
    public ReproLine(RunSpec spec, String digest) {
        this(spec, digest, true);
    }

    /** The line of a run that has no digest to check (it never finished). */
    public static String withoutDigest(RunSpec spec) {
        return new ReproLine(spec, NO_DIGEST).toString();
    }

    /** Whether the line records a digest at all. */
    public boolean hasDigest() {
        return !digest.equals(NO_DIGEST);
    }

    @Override
    public String toString() {
        String body = String.join(":", spec.endsWhenIdle() ? VERSION : FULL_TAIL_VERSION, spec.scenario(), Long.toHexString(spec.seed()),
                spec.plan() == null ? "-" : encode(spec.plan().toString().getBytes(StandardCharsets.UTF_8)),
                spec.choices() == null ? "-" : encode(ChoiceCodec.encode(spec.choices())),
                digest.equals(NO_DIGEST) ? NO_DIGEST : digest.substring(0, Math.min(DIGEST_CHARS, digest.length())));
        return body + ":" + checksum(body);
    }

    /** The CRC-32 of the line's text before its checksum field, as 8 lowercase hex characters. */
    private static String checksum(String body) {
        CRC32 crc = new CRC32();
        crc.update(body.getBytes(StandardCharsets.UTF_8));
        return String.format(java.util.Locale.ROOT, "%08x", crc.getValue());
    }

    /**
     * Whether a replay's full digest matches the one this line expects: every character the
     * line carries (16 or 32, as {@link #parse} demands) must agree, so no short prefix can
     * pass for a match.
     */
    public boolean matches(String fullDigest) {
        return hasDigest() && fullDigest.startsWith(digest);
    }

    /** Parses a line; throws IllegalArgumentException with a one-line reason. */
    public static ReproLine parse(String line) {
        String[] parts = line.trim().split(":", -1);
        if (parts[0].equals("zksim1") || parts[0].equals("zksim2")) {
            throw new IllegalArgumentException("a " + parts[0] + " reproduce line comes from an older zksim whose trace "
                    + "digest this version computes differently; re-run the scenario and seed to get a " + VERSION + " line");
        }
        boolean fullTail = parts[0].equals(FULL_TAIL_VERSION);
        if (parts.length < 6 || parts.length > 7 || !(parts[0].equals(VERSION) || fullTail)) {
            throw new IllegalArgumentException("malformed reproduce line (expected " + VERSION
                    + ":SCENARIO:SEED:PLAN:CHOICES:DIGEST:CHECK)");
        }
        boolean checksummed = parts.length == 7;
        if (checksummed) {
            verifyChecksum(line.trim(), parts[6]);
        }
        long seed;
        try {
            seed = Long.parseUnsignedLong(parts[2], 16);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("malformed seed '" + parts[2] + "' in reproduce line");
        }
        FaultPlan plan = parts[3].equals("-") ? null : FaultPlan.parse(new String(decode(parts[3]), StandardCharsets.UTF_8));
        ChoiceLog choices = parts[4].equals("-") ? null : ChoiceCodec.decode(decode(parts[4]));
        if (!parts[5].equals(NO_DIGEST) && !parts[5].matches("[0-9a-f]{" + DIGEST_CHARS + "}|[0-9a-f]{" + FULL_DIGEST_CHARS + "}")) {
            throw new IllegalArgumentException("malformed digest '" + parts[5] + "' in reproduce line (expected "
                    + DIGEST_CHARS + " or " + FULL_DIGEST_CHARS + " lowercase hex characters)");
        }
        return new ReproLine(new RunSpec(parts[1], seed, plan, choices, !fullTail), parts[5], checksummed);
    }

    /** An edit anywhere in the line (or a character lost in copying) fails here, before anything runs. */
    private static void verifyChecksum(String line, String check) {
        String body = line.substring(0, line.lastIndexOf(':'));
        if (!check.matches("[0-9a-f]{" + CHECK_CHARS + "}")) {
            throw new IllegalArgumentException("malformed checksum '" + check + "' at the end of the reproduce line"
                    + " (expected " + CHECK_CHARS + " lowercase hex characters)");
        }
        if (!check.equals(checksum(body))) {
            throw new IllegalArgumentException("this reproduce line was edited or damaged in copying: its checksum "
                    + check + " does not match its text; copy the whole line again from the output that printed it");
        }
    }

    private static String encode(byte[] raw) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
        deflater.setInput(raw);
        deflater.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        while (!deflater.finished()) {
            out.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        return Base64.getUrlEncoder().withoutPadding().encodeToString(out.toByteArray());
    }

    private static byte[] decode(String text) {
        try {
            Inflater inflater = new Inflater();
            inflater.setInput(Base64.getUrlDecoder().decode(text));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[4096];
            while (!inflater.finished()) {
                int read = inflater.inflate(buffer);
                if (read == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new IllegalArgumentException("truncated data in reproduce line");
                }
                out.write(buffer, 0, read);
            }
            inflater.end();
            return out.toByteArray();
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException("corrupt data in reproduce line: " + e.getMessage());
        }
    }
}

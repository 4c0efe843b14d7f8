package dev.zksim.nemesis;

import dev.zksim.client.RequestMatch;
import dev.zksim.kernel.Time;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Reads the text of one fault, the part of a step after "at TIME". */
final class FaultParser {
    private static final String KINDS =
            "crash, restart, pause, resume, partition, isolate, heal, expire, delay-close, drop-reply, lose-request, lag, clog, request-loss, disk-error, spurious-wakeup";

    private FaultParser() {
    }

    /**
     * Parses case-insensitively, except for the path prefix of a request fault's aim,
     * which is matched against paths exactly as written.
     */
    static Fault parse(String original) {
        String text = original.toLowerCase(Locale.ROOT);
        String[] split = text.trim().split("\\s+", 2);
        String[] originalSplit = original.trim().split("\\s+", 2);
        String originalRest = originalSplit.length > 1 ? originalSplit[1].trim() : "";
        String verb = split[0];
        String rest = split.length > 1 ? split[1].trim() : "";
        return switch (verb) {
            case "crash" -> new Fault.Crash(single(verb, before(rest)), forDuration(verb, rest));
            case "restart" -> new Fault.Restart(single(verb, rest));
            case "pause" -> new Fault.Pause(single(verb, before(rest)), forDuration(verb, rest));
            case "resume" -> new Fault.Resume(single(verb, rest));
            case "isolate" -> new Fault.Isolate(single(verb, rest));
            case "expire" -> new Fault.Expire(client(verb, rest));
            case "spurious-wakeup" -> new Fault.SpuriousWakeup(client(verb, rest));
            case "delay-close" -> delayClose(rest);
            case "drop-reply" -> new Fault.DropReply(client(verb, beforeAim(rest)), aim(verb, originalRest));
            case "lose-request" -> new Fault.LoseRequest(client(verb, beforeAim(rest)), aim(verb, originalRest));
            case "heal" -> heal(rest);
            case "partition" -> partition(rest);
            case "lag" -> lag(rest);
            case "clog" -> clog(rest);
            case "request-loss" -> requestLoss(rest);
            case "disk-error" -> diskError(rest);
            default -> throw new IllegalArgumentException("unknown fault '" + verb + "' (known: " + KINDS + ")");
        };
    }

    private static Target single(String verb, String rest) {
        if (rest.isEmpty() || rest.contains(" ") || rest.contains(",")) {
            throw new IllegalArgumentException("'" + verb + "' takes one process, e.g. '" + verb + " s1' or '" + verb + " leader'");
        }
        return Target.parse(rest);
    }

    /** The text before an optional " for DURATION". */
    private static String before(String rest) {
        int index = rest.indexOf(" for ");
        return index < 0 ? rest : rest.substring(0, index).trim();
    }

    /** The optional " for DURATION" of crash and pause, or 0. */
    private static long forDuration(String verb, String rest) {
        int index = rest.indexOf(" for ");
        if (index < 0) {
            return 0;
        }
        long duration = Time.parse(rest.substring(index + 5));
        if (duration <= 0) {
            throw new IllegalArgumentException("'" + verb + " ... for' needs a positive duration");
        }
        return duration;
    }

    private static Target client(String verb, String rest) {
        Target target = single(verb, rest);
        if (!(target instanceof Target.Named named) || named.isServer()) {
            throw new IllegalArgumentException("'" + verb + "' takes a client, e.g. '" + verb + " c1'");
        }
        return target;
    }

    /** The text before an optional " on OP [PATH-PREFIX]" and an optional "#N". */
    private static String beforeAim(String rest) {
        String aimed = withoutOrdinal(rest);
        int index = aimed.indexOf(" on ");
        return index < 0 ? aimed : aimed.substring(0, index).trim();
    }

    /** The optional " on OP [PATH-PREFIX]" and "#N" of the request faults; without them, the next request. */
    private static RequestMatch aim(String verb, String rest) {
        int ordinal = ordinal(verb, rest);
        String aimed = withoutOrdinal(rest);
        int index = aimed.toLowerCase(Locale.ROOT).indexOf(" on ");
        if (index < 0) {
            return RequestMatch.ANY.nth(ordinal);
        }
        String[] words = aimed.substring(index + 4).trim().split("\\s+");
        if (words.length > 2 || words[0].isEmpty()) {
            throw new IllegalArgumentException("expected '" + verb + " CLIENT on OP [PATH-PREFIX] [#N]', e.g. '" + verb
                    + " c1 on delete /lock #2'");
        }
        String operation = RequestMatch.OPERATIONS.stream().filter(name -> name.equalsIgnoreCase(words[0])).findFirst()
                .orElse(words[0]);
        return new RequestMatch(operation, words.length == 2 ? words[1] : null, ordinal);
    }

    /** The N of a trailing "#N" (the N-th matching request), 1 without one. */
    private static int ordinal(String verb, String rest) {
        int hash = rest.lastIndexOf('#');
        if (hash < 0) {
            return 1;
        }
        String digits = rest.substring(hash + 1).trim();
        try {
            int ordinal = Integer.parseInt(digits);
            if (ordinal >= 1) {
                return ordinal;
            }
        } catch (NumberFormatException e) {
            // reported below, with the form that was expected
        }
        throw new IllegalArgumentException("expected '#N' with N from 1 at the end of '" + verb + " " + rest
                + "', e.g. '" + verb + " c1 on delete /lock #2'");
    }

    private static String withoutOrdinal(String rest) {
        int hash = rest.lastIndexOf('#');
        return hash < 0 ? rest : rest.substring(0, hash).trim();
    }

    /** "request-loss P%": P a percentage above 0 and at most 100, to four decimals. */
    private static Fault requestLoss(String rest) {
        String percent = rest.endsWith("%") ? rest.substring(0, rest.length() - 1).trim() : "";
        try {
            return new Fault.RequestLoss(new java.math.BigDecimal(percent).movePointRight(4).intValueExact());
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("expected 'request-loss P%' with P a percentage, e.g. 'request-loss 1.5%'");
        }
    }

    private static Fault heal(String rest) {
        if (!rest.isEmpty()) {
            throw new IllegalArgumentException("'heal' takes no arguments");
        }
        return new Fault.Heal();
    }

    private static Fault partition(String rest) {
        if (rest.contains("->")) {
            String[] sides = rest.split("->", -1);
            if (sides.length != 2) {
                throw new IllegalArgumentException("a one-way partition is 'partition A,B -> C'");
            }
            List<Target> from = group(sides[0]);
            List<Target> to = group(sides[1]);
            requireDisjoint(List.of(from, to));
            return new Fault.OneWayPartition(from, to);
        }
        List<List<Target>> groups = new ArrayList<>();
        for (String group : rest.split("\\|", -1)) {
            groups.add(group(group));
        }
        requireDisjoint(groups);
        return new Fault.Partition(groups);
    }

    /** A process on both sides of a cut (or twice on one side) makes no sense; name it. */
    private static void requireDisjoint(List<List<Target>> groups) {
        List<Target> seen = new ArrayList<>();
        for (List<Target> group : groups) {
            for (Target target : group) {
                if (seen.contains(target)) {
                    throw new IllegalArgumentException("'" + target + "' appears more than once in the partition;"
                            + " each process belongs to one side");
                }
                seen.add(target);
            }
        }
    }

    private static List<Target> group(String text) {
        List<Target> members = new ArrayList<>();
        for (String name : text.split(",", -1)) {
            if (name.isBlank()) {
                throw new IllegalArgumentException("empty process name in '" + text.trim() + "'");
            }
            members.add(Target.parse(name));
        }
        return members;
    }

    private static Fault lag(String rest) {
        String[] words = rest.split("\\s+");
        if (words.length != 3 || !words[1].equals("for")) {
            throw new IllegalArgumentException("expected 'lag SERVER for DURATION', e.g. 'lag follower for 2s'");
        }
        Target server = Target.parse(words[0]);
        if (server instanceof Target.Named named && !named.isServer()) {
            throw new IllegalArgumentException("'lag' applies to servers only (a follower applying commits late), not to "
                    + named.id());
        }
        long duration = Time.parse(words[2]);
        if (duration <= 0) {
            throw new IllegalArgumentException("'lag ... for' needs a positive duration");
        }
        return new Fault.Lag(server, duration);
    }

    /** "disk-error SERVER [for DURATION]": without a duration, until the next heal. */
    private static Fault diskError(String rest) {
        Target server = single("disk-error", before(rest));
        if (server instanceof Target.Named named && !named.isServer()) {
            throw new IllegalArgumentException("'disk-error' applies to servers only, not to " + named.id());
        }
        return new Fault.DiskError(server, forDuration("disk-error", rest));
    }

    private static Fault delayClose(String rest) {
        String[] words = rest.split("\\s+");
        if (words.length != 3 || !words[1].equals("by")) {
            throw new IllegalArgumentException("expected 'delay-close CLIENT by DURATION', e.g. 'delay-close c2 by 3s'");
        }
        Target client = client("delay-close", words[0]);
        long delay = Time.parse(words[2]);
        if (delay <= 0) {
            throw new IllegalArgumentException("'delay-close ... by' needs a positive duration");
        }
        return new Fault.DelayClose(client, delay);
    }

    private static Fault clog(String rest) {
        String[] words = rest.split("\\s+");
        if (words.length != 5 || !words[1].equals("by") || !words[3].equals("for")) {
            throw new IllegalArgumentException("expected 'clog A,B by DELAY for DURATION', e.g. 'clog s1,c2 by 300ms for 2s'");
        }
        List<Target> pair = group(words[0]);
        if (pair.size() != 2) {
            throw new IllegalArgumentException("clog takes exactly two processes, e.g. 'clog s1,c2 ...'");
        }
        return new Fault.Clog(pair.get(0), pair.get(1), Time.parse(words[2]), Time.parse(words[4]));
    }
}

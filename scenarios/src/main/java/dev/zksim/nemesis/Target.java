package dev.zksim.nemesis;

import java.util.Locale;

/**
 * Who a fault strikes: a named process (s1, c3), or a role resolved when the fault fires
 * (the current leader, a follower), since which server leads depends on the run.
 */
public sealed interface Target {

    /** A server (s1..s7) or client (c1..) by id. */
    record Named(String id) implements Target {
        public Named {
            if (!isProcessId(id)) {
                throw new IllegalArgumentException("not a process: '" + id + "' (servers are s1, s2, ...; clients c1, c2, ...)");
            }
        }

        public boolean isServer() {
            return id.charAt(0) == 's';
        }

        /**
         * "s" or "c", then a number without leading zeros: [sc][1-9][0-9]*. Read by hand, since
         * every fault of every seed names its targets and a regular expression would be
         * compiled for each.
         */
        private static boolean isProcessId(String id) {
            if (id.length() < 2 || id.charAt(0) != 's' && id.charAt(0) != 'c' || id.charAt(1) == '0') {
                return false;
            }
            for (int i = 1; i < id.length(); i++) {
                if (id.charAt(i) < '0' || id.charAt(i) > '9') {
                    return false;
                }
            }
            return true;
        }

        @Override
        public String toString() {
            return id;
        }
    }

    /** The server leading when the fault fires. */
    record Leader() implements Target {
        @Override
        public String toString() {
            return "leader";
        }
    }

    /** The follower with the lowest id when the fault fires. */
    record Follower() implements Target {
        @Override
        public String toString() {
            return "follower";
        }
    }

    static Target parse(String text) {
        String word = text.trim().toLowerCase(Locale.ROOT);
        return switch (word) {
            case "leader" -> new Leader();
            case "follower" -> new Follower();
            default -> new Named(word);
        };
    }
}

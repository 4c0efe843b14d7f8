package dev.zksim.report.spacetime;

import dev.zksim.kernel.net.NetEvent;
import dev.zksim.kernel.trace.TraceRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * The horizontal lanes of a diagram, top to bottom: servers (s1, s2, ... in numeric order),
 * clients (c1, c2, ...), any other process, then the network and the nemesis, which carry
 * the faults. Numeric order keeps s10 after s9; the last two lanes are always present so a
 * run without faults visibly had none.
 */
public record Lanes(List<String> names) {
    public static final String NET = "net";
    public static final String NEMESIS = "nemesis";

    public Lanes {
        names = List.copyOf(names);
    }

    public static Lanes of(List<TraceRecord> records) {
        TreeSet<String> processes = new TreeSet<>(Lanes::compare);
        for (TraceRecord record : records) {
            processes.add(record.process());
            if (record.event() instanceof NetEvent.Delivered delivered) {
                processes.add(delivered.from());
                processes.add(delivered.to());
            }
        }
        processes.remove(NET);
        processes.remove(NEMESIS);
        List<String> ordered = new ArrayList<>(processes);
        ordered.add(NET);
        ordered.add(NEMESIS);
        return new Lanes(ordered);
    }

    /** The lane's index, or -1 for a process the diagram has no lane for. */
    public int index(String process) {
        return names.indexOf(process);
    }

    public int size() {
        return names.size();
    }

    public static boolean isServer(String process) {
        return numbered(process, 's');
    }

    public static boolean isClient(String process) {
        return numbered(process, 'c');
    }

    private static boolean numbered(String process, char prefix) {
        return process.length() > 1 && process.charAt(0) == prefix && process.substring(1).chars().allMatch(Character::isDigit);
    }

    /** Servers, then clients, then the rest by name; numbered ids in numeric order. */
    private static int compare(String a, String b) {
        return Comparator.comparingInt(Lanes::group)
                .thenComparingLong(Lanes::number)
                .thenComparing(Comparator.naturalOrder())
                .compare(a, b);
    }

    private static int group(String process) {
        return isServer(process) ? 0 : isClient(process) ? 1 : 2;
    }

    private static long number(String process) {
        if (!isServer(process) && !isClient(process)) {
            return 0;
        }
        String digits = process.substring(1);
        return digits.length() > 18 ? Long.MAX_VALUE : Long.parseLong(digits);
    }
}

package dev.zksim.nemesis;

import dev.zksim.client.RequestMatch;
import dev.zksim.kernel.Time;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One fault of a plan, with its textual form. Every fault the simulated ensemble can
 * suffer has a record here, and each record's {@link #toString()} is the text the parser
 * reads back, so a printed plan is a plan a person can edit and re-run.
 */
public sealed interface Fault {

    /**
     * Kills a process; with a positive {@code restartAfter} it comes back after that long,
     * which lets a plan crash "the leader" and restart that same server, whoever it was.
     */
    record Crash(Target target, long restartAfter) implements Fault {
        public Crash(Target target) {
            this(target, 0);
        }

        @Override
        public String toString() {
            return "crash " + target + (restartAfter > 0 ? " for " + Time.formatShort(restartAfter) : "");
        }
    }

    record Restart(Target target) implements Fault {
        @Override
        public String toString() {
            return "restart " + target;
        }
    }

    /**
     * A process pause (a long GC, SIGSTOP): it runs nothing until resumed, by a later
     * resume step or, with a positive {@code resumeAfter}, by itself after that long.
     */
    record Pause(Target target, long resumeAfter) implements Fault {
        public Pause(Target target) {
            this(target, 0);
        }

        @Override
        public String toString() {
            return "pause " + target + (resumeAfter > 0 ? " for " + Time.formatShort(resumeAfter) : "");
        }
    }

    record Resume(Target target) implements Fault {
        @Override
        public String toString() {
            return "resume " + target;
        }
    }

    /** Cuts every pair of processes in different groups, both ways. */
    record Partition(List<List<Target>> groups) implements Fault {
        public Partition {
            if (groups.size() < 2) {
                throw new IllegalArgumentException("a partition needs at least two groups separated by '|'");
            }
            groups = groups.stream().map(List::copyOf).toList();
        }

        @Override
        public String toString() {
            return "partition " + groups.stream().map(Fault::names).collect(Collectors.joining(" | "));
        }
    }

    /** Blocks traffic from one group to another only. */
    record OneWayPartition(List<Target> from, List<Target> to) implements Fault {
        public OneWayPartition {
            from = List.copyOf(from);
            to = List.copyOf(to);
        }

        @Override
        public String toString() {
            return "partition " + names(from) + " -> " + names(to);
        }
    }

    /** Cuts one process off from everyone. */
    record Isolate(Target target) implements Fault {
        @Override
        public String toString() {
            return "isolate " + target;
        }
    }

    record Heal() implements Fault {
        @Override
        public String toString() {
            return "heal";
        }
    }

    /** Expires a client's session as the leader would. */
    record Expire(Target client) implements Fault {
        @Override
        public String toString() {
            return "expire " + client;
        }
    }

    /** Ends every wait in {@code Object.wait} of a client's threads without a notify, or its next wait if none waits. */
    record SpuriousWakeup(Target client) implements Fault {
        @Override
        public String toString() {
            return "spurious-wakeup " + client;
        }
    }

    /**
     * The client's session, when it next expires, stays closing for this long before its
     * closeSession commits: its ephemerals outlive the Expired the client may already have
     * heard, so a new session of the same process still sees them.
     */
    record DelayClose(Target client, long delay) implements Fault {
        @Override
        public String toString() {
            return "delay-close " + client + " by " + Time.formatShort(delay);
        }
    }

    /**
     * The reply to the client's next request (or next matching request, when aimed) is lost
     * after the server applied it: ConnectionLoss for a request that took effect.
     */
    record DropReply(Target client, RequestMatch aim) implements Fault {
        public DropReply {
            aim = aim == null ? RequestMatch.ANY : aim;
        }

        public DropReply(Target client) {
            this(client, RequestMatch.ANY);
        }

        @Override
        public String toString() {
            return "drop-reply " + client + aim;
        }
    }

    /**
     * The client's next request (or next matching request, when aimed) is lost before any
     * server sees it and its connection drops: ConnectionLoss, and nothing was applied.
     */
    record LoseRequest(Target client, RequestMatch aim) implements Fault {
        public LoseRequest {
            aim = aim == null ? RequestMatch.ANY : aim;
        }

        @Override
        public String toString() {
            return "lose-request " + client + aim;
        }
    }

    /** A follower applies commits late for a while. */
    record Lag(Target server, long duration) implements Fault {
        @Override
        public String toString() {
            return "lag " + server + " for " + Time.formatShort(duration);
        }
    }

    /**
     * Transient write errors on a server's disk: its txn log fsyncs and snapshot writes fail
     * with an IOException for {@code duration}, or, with a duration of 0, until the next heal.
     * ZooKeeper 3.9.5 loses its SyncRequestProcessor on a failed log write (the peer leaves its
     * term and rejoins) and exits on a failed snapshot write.
     */
    record DiskError(Target server, long duration) implements Fault {
        public DiskError {
            if (duration < 0) {
                throw new IllegalArgumentException("a disk error cannot last a negative time");
            }
        }

        @Override
        public String toString() {
            return "disk-error " + server + (duration > 0 ? " for " + Time.formatShort(duration) : "");
        }
    }

    /** Adds a delay spike to the link between two processes for a while. */
    record Clog(Target a, Target b, long extraDelay, long duration) implements Fault {
        @Override
        public String toString() {
            return "clog " + a + "," + b + " by " + Time.formatShort(extraDelay) + " for " + Time.formatShort(duration);
        }
    }

    /**
     * Until the next heal, each client request independently is lost, or its reply lost, with
     * this chance in a million: faults that land on whatever request comes, the rare ones too
     * (the delete of an abandoned acquire, a cleanup after a give-up). Written as a percentage.
     */
    record RequestLoss(int perMillion) implements Fault {
        public RequestLoss {
            if (perMillion <= 0 || perMillion > 1_000_000) {
                throw new IllegalArgumentException("request-loss takes a rate above 0% and at most 100%");
            }
        }

        @Override
        public String toString() {
            return "request-loss " + java.math.BigDecimal.valueOf(perMillion, 4).stripTrailingZeros().toPlainString() + "%";
        }
    }

    /** The named processes a fault mentions, for validating a plan against an ensemble. */
    default List<Target> targets() {
        return switch (this) {
            case Crash crash -> List.of(crash.target());
            case Restart restart -> List.of(restart.target());
            case Pause pause -> List.of(pause.target());
            case Resume resume -> List.of(resume.target());
            case Partition partition -> partition.groups().stream().flatMap(List::stream).toList();
            case OneWayPartition oneWay -> java.util.stream.Stream.concat(oneWay.from().stream(), oneWay.to().stream()).toList();
            case Isolate isolate -> List.of(isolate.target());
            case Heal heal -> List.of();
            case Expire expire -> List.of(expire.client());
            case SpuriousWakeup wakeup -> List.of(wakeup.client());
            case DelayClose delay -> List.of(delay.client());
            case DropReply drop -> List.of(drop.client());
            case LoseRequest lose -> List.of(lose.client());
            case Lag lag -> List.of(lag.server());
            case DiskError error -> List.of(error.server());
            case Clog clog -> List.of(clog.a(), clog.b());
            case RequestLoss loss -> List.of();
        };
    }

    private static String names(List<Target> targets) {
        return targets.stream().map(Target::toString).collect(Collectors.joining(","));
    }
}

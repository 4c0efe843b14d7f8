package dev.zksim.cli;

import dev.zksim.demo.KernelDemo;
import dev.zksim.kernel.SuppressForbidden;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code zksim demo}: the main job. For now the kernel demo; later the catalogue sweep. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Run the main demo: one seeded simulation, printing the seed, its knobs, the event count and the trace digest.")
final class DemoCommand implements Runnable {

    @Option(names = "--seed", converter = SeedConverter.class,
            description = "The seed (decimal or 0x-hex). Default: taken from the clock and printed.")
    private Long seed;

    @Override
    public void run() {
        long chosen = seed != null ? seed : freshSeed();
        KernelDemo.Result result = KernelDemo.run(chosen);
        KernelDemo.report(result).forEach(System.out::println);
        System.out.println("replay: ./zksim demo --seed " + chosen);
    }

    @SuppressForbidden("A seed the user did not give is taken from the clock, once, outside any simulation, and printed.")
    private static long freshSeed() {
        return System.nanoTime() ^ System.currentTimeMillis();
    }
}

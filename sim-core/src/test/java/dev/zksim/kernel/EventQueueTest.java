package dev.zksim.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.choice.SeededChoices;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class EventQueueTest {

    record Entry(long time, int order) {
    }

    @Test
    void eventsAtTheSameTimeRunInInsertionOrder() {
        EventQueue queue = new EventQueue();
        List<String> ran = new ArrayList<>();
        queue.add(5, () -> ran.add("a"));
        queue.add(3, () -> ran.add("b"));
        queue.add(5, () -> ran.add("c"));
        queue.add(3, () -> ran.add("d"));
        while (!queue.isEmpty()) {
            queue.poll().run();
        }
        assertThat(ran).containsExactly("b", "d", "a", "c");
    }

    @Test
    void everyPollReturnsTheEarliestPendingEventWhenAddsAndPollsInterleave() {
        SeededChoices choices = new SeededChoices(7);
        EventQueue queue = new EventQueue();
        Comparator<Entry> order = Comparator.comparingLong(Entry::time).thenComparingInt(Entry::order);
        TreeSet<Entry> model = new TreeSet<>(order);
        List<Entry> polled = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            Entry entry = new Entry(choices.draw(500), i);
            model.add(entry);
            queue.add(entry.time(), () -> polled.add(entry));
            while (choices.chance(1, 3) && !queue.isEmpty()) {
                queue.poll().run();
                assertThat(polled.getLast()).isEqualTo(model.pollFirst());
            }
        }
        assertThat(queue.size()).isEqualTo(model.size());
    }

    @Test
    void eventsNearAndFarFromTheLastPollInterleaveInTimeAndSequenceOrder() {
        // Delays from a microsecond to many horizons ahead, so that entries land in both heaps,
        // far ones fall due among near ones scheduled later, and ties cross the heaps.
        SeededChoices choices = new SeededChoices(28);
        EventQueue queue = new EventQueue();
        Comparator<Entry> order = Comparator.comparingLong(Entry::time).thenComparingInt(Entry::order);
        TreeSet<Entry> model = new TreeSet<>(order);
        List<Entry> polled = new ArrayList<>();
        long now = 0;
        for (int i = 0; i < 20_000; i++) {
            long delay = choices.chance(1, 4) ? choices.draw(20 * EventQueue.NEAR_HORIZON) : choices.draw(50);
            Entry entry = new Entry(now + delay, i);
            model.add(entry);
            queue.add(entry.time(), () -> polled.add(entry));
            while (choices.chance(1, 2) && !queue.isEmpty()) {
                assertThat(queue.peekTime()).isEqualTo(model.first().time());
                queue.poll().run();
                assertThat(polled.getLast()).isEqualTo(model.pollFirst());
                now = polled.getLast().time();
            }
        }
        while (!queue.isEmpty()) {
            queue.poll().run();
            assertThat(polled.getLast()).isEqualTo(model.pollFirst());
        }
        assertThat(model).isEmpty();
    }

    @Test
    void eventsBeyondTheLaneRunAfterEarlierOnesOfTheSameTime() {
        // The lane fills with events at time 10; the rest, at the same time, wait in the near
        // heap, and one at time 5 overtakes them all: ties run in insertion order across both.
        EventQueue queue = new EventQueue();
        List<Integer> ran = new ArrayList<>();
        int count = EventQueue.LANE_CAPACITY + 5;
        for (int i = 0; i < count; i++) {
            int order = i;
            queue.add(10, () -> ran.add(order));
        }
        queue.add(5, () -> ran.add(-1));
        assertThat(queue.size()).isEqualTo(count + 1);
        assertThat(queue.peekTime()).isEqualTo(5);
        while (!queue.isEmpty()) {
            queue.poll().run();
        }
        List<Integer> expected = new ArrayList<>(List.of(-1));
        for (int i = 0; i < count; i++) {
            expected.add(i);
        }
        assertThat(ran).isEqualTo(expected);
    }

    @Test
    void drainsASingleBatchInSortedOrder() {
        SeededChoices choices = new SeededChoices(11);
        EventQueue queue = new EventQueue();
        List<Entry> actual = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            Entry entry = new Entry(choices.draw(100), i);
            queue.add(entry.time(), () -> actual.add(entry));
        }
        while (!queue.isEmpty()) {
            queue.poll().run();
        }
        assertThat(actual).hasSize(5_000)
                .isSortedAccordingTo(Comparator.comparingLong(Entry::time).thenComparingInt(Entry::order));
    }
}

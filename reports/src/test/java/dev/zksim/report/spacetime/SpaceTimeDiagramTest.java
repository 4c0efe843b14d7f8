package dev.zksim.report.spacetime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zksim.kernel.net.NetEvent;
import dev.zksim.kernel.trace.TraceRecord;
import dev.zksim.report.testing.SampleTrace;
import dev.zksim.report.testing.Xml;
import java.util.List;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

class SpaceTimeDiagramTest {
    private static final List<TraceRecord> TRACE = SampleTrace.build(60);

    private static String page(List<TraceRecord> records, int maxArrows) {
        return SpaceTimeDiagram.page("Sample run", List.of("scenario: sample", "seed: 42"), records, records.size(), maxArrows);
    }

    private static int count(Document document, String xpath) throws Exception {
        return ((NodeList) XPathFactory.newInstance().newXPath().evaluate(xpath, document, XPathConstants.NODESET)).getLength();
    }

    @Test
    void pageIsWellFormedXhtmlWithOneArrowPerDeliveredMessage() throws Exception {
        Document document = Xml.parse(page(TRACE, SpaceTimeDiagram.DEFAULT_MAX_ARROWS));
        long delivered = TRACE.stream().filter(r -> r.event() instanceof NetEvent.Delivered).count();
        assertThat(count(document, "//*[local-name()='g'][@class='arrows']/*[local-name()='line']")).isEqualTo((int) delivered);
        // 3 herd rounds of 60 (round % 5 == 2) times three watchers each.
        assertThat(count(document, "//*[@class='arrows']/*[@class='m-watch']")).isEqualTo(12 * 3);
        assertThat(count(document, "//*[@class='arrows']/*[@class='m-election']")).isEqualTo(6);
        assertThat(count(document, "//*[local-name()='table']//*[local-name()='tr']")).isGreaterThan(1);
    }

    @Test
    void lanesAreServersThenClientsThenFaultLanes() {
        assertThat(Lanes.of(TRACE).names()).containsExactly("s1", "s2", "s3", "c1", "c2", "c3", "net", "nemesis");
        assertThat(Lanes.of(List.of()).names()).containsExactly("net", "nemesis");
    }

    @Test
    void faultsBecomeSpansOnTheirLanes() {
        List<Span> spans = Span.of(TRACE, TRACE.getLast().time());
        assertThat(spans).extracting(Span::kind).contains(Span.Kind.CRASHED, Span.Kind.PAUSED, Span.Kind.PARTITIONED,
                Span.Kind.CLOGGED);
        assertThat(spans).filteredOn(span -> span.kind() == Span.Kind.CRASHED).allMatch(span -> span.lane().equals("s2"));
        assertThat(spans).allMatch(span -> span.from() <= span.to());
    }

    @Test
    void sameTraceGivesIdenticalBytes() {
        assertThat(page(TRACE, 1000)).isEqualTo(page(SampleTrace.build(60), 1000));
    }

    @Test
    void capsTheArrowsAndSaysSo() throws Exception {
        String capped = page(TRACE, 10);
        Document document = Xml.parse(capped);
        assertThat(count(document, "//*[local-name()='g'][@class='arrows']/*[local-name()='line']")).isEqualTo(10);
        assertThat(capped).contains("Only the first");
    }

    @Test
    void watchNotificationsAreTheOnesServersSendToClients() {
        assertThat(MessageKind.of(new NetEvent.Delivered(1, "s1", "c1", 0, "Notification[event=x]"))).isEqualTo(MessageKind.WATCH);
        assertThat(MessageKind.of(new NetEvent.Delivered(1, "s1", "s2", 0, "Notification[sid=1]"))).isEqualTo(MessageKind.ELECTION);
        assertThat(MessageKind.of(new NetEvent.Delivered(1, "s1", "s2", 0, "Ack[]"))).isEqualTo(MessageKind.QUORUM);
        assertThat(MessageKind.of(new NetEvent.Delivered(1, "c1", "s2", 0, "Request[]"))).isEqualTo(MessageKind.CLIENT);
    }

    @Test
    void timeAxisIsMonotoneAndKeepsInstantsApart() {
        TimeAxis axis = TimeAxis.of(TRACE, 0);
        for (int i = 1; i < axis.instants(); i++) {
            assertThat(axis.xAt(i) - axis.xAt(i - 1)).isBetween(TimeAxis.MIN_STEP, TimeAxis.MAX_STEP);
        }
        assertThat(axis.x(-5)).isEqualTo(axis.xAt(0));
        assertThat(axis.x(Long.MAX_VALUE)).isEqualTo(axis.end());
    }

    @Test
    void operationsAreBarsOnTheirClientsLanesAndTheImplicatedOnesAreOutlinedAndListed() throws Exception {
        long end = TRACE.getLast().time();
        List<OperationSpan> operations = List.of(
                new OperationSpan("c1", "holding ACQUIRE", 10, end / 2, OperationSpan.Kind.HELD, true, "c1 held the lock"),
                new OperationSpan("c2", "ACQUIRE", 20, end / 3, OperationSpan.Kind.OK, false, "c2 acquired"),
                new OperationSpan("c2", "holding ACQUIRE", end / 3, end, OperationSpan.Kind.HELD, true, "c2 held the lock"),
                new OperationSpan("c9", "ACQUIRE", 20, end, OperationSpan.Kind.OPEN, false, "no lane for c9"));
        String html = SpaceTimeDiagram.page("run", List.of(), TRACE, TRACE.size(), 1000, operations);
        Document document = Xml.parse(html);
        assertThat(count(document, "//*[@class='operations']/*[local-name()='rect']")).isEqualTo(3);
        assertThat(count(document, "//*[@class='operations']/*[@class='op-held op-implicated']")).isEqualTo(2);
        assertThat(html).contains("What went wrong").contains("c1 held the lock").contains("c2 held the lock");
        assertThat(SpaceTimeDiagram.page("run", List.of(), TRACE, TRACE.size(), 1000, List.of()))
                .doesNotContain("What went wrong");
    }
}

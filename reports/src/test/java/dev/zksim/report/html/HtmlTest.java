package dev.zksim.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zksim.report.testing.Xml;
import java.util.List;
import org.junit.jupiter.api.Test;

class HtmlTest {

    @Test
    void escapesMarkupQuotesAndCharactersXmlForbids() {
        assertThat(Html.escape("<a href=\"x\">Tom & 'Jerry'</a>"))
                .isEqualTo("&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;");
        assertThat(Html.escape("bell\u0007 tab\t")).isEqualTo("bell\uFFFD tab\t");
        assertThat(Html.truncate("abcdef", 4)).isEqualTo("abc\u2026");
        assertThat(Html.truncate("abc", 4)).isEqualTo("abc");
    }

    @Test
    void numbersAreShortAndLocaleFree() {
        assertThat(Num.fmt(1.0)).isEqualTo("1");
        assertThat(Num.fmt(2.345)).isEqualTo("2.35");
        assertThat(Num.fmt(-0.001)).isEqualTo("0");
        assertThat(Num.fmt(1e9)).isEqualTo("1000000000");
        assertThatThrownBy(() -> Num.fmt(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void svgAndPageAreWellFormed() throws Exception {
        Svg svg = new Svg(100, 50, "class", "x");
        svg.group("class", "g").line(0, 0, 10.123, 10, "a < b & c").rect(1, 2, 3, 4, null).end();
        svg.text(5, 5, "<label>");
        String markup = svg.render();
        assertThat(markup).startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"50\" viewBox=\"0 0 100 50\"")
                .contains("x2=\"10.12\"").contains("<title>a &lt; b &amp; c</title>");
        String page = new Page("T & T").heading(1, "Title <1>").paragraph("p").raw(markup)
                .table(List.of("name", "value"), List.of(List.of("a&b", "1.5"))).script("if (1 < 2) {}").render();
        Xml.parse(page);
        assertThat(page).contains("<td class=\"num\">1.5</td>");
    }

    @Test
    void misuseIsCaught() {
        Svg svg = new Svg(10, 10).group();
        assertThatThrownBy(svg::render).hasMessageContaining("still open");
        assertThatThrownBy(() -> new Page("t").style("a < b")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Page("t").script("]]>")).isInstanceOf(IllegalArgumentException.class);
    }
}

package dev.zksim.report.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataTest {

    @Test
    void csvQuotesOnlyWhatNeedsIt() {
        assertThat(Csv.write(List.of("a", "b"), List.of(List.of("x,y", "say \"hi\""), List.of("plain", "two\nlines"))))
                .isEqualTo("a,b\r\n\"x,y\",\"say \"\"hi\"\"\"\r\nplain,\"two\nlines\"\r\n");
    }

    @Test
    void jsonWritesMapsInOrderAndEscapes() {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("name", "a \"b\"\n");
        object.put("n", 3);
        object.put("x", 0.25);
        object.put("nan", Double.NaN);
        object.put("list", List.of(true, "s"));
        object.put("empty", List.of());
        assertThat(Json.write(object)).isEqualTo("""
                {
                  "name": "a \\"b\\"\\n",
                  "n": 3,
                  "x": 0.25,
                  "nan": null,
                  "list": [
                    true,
                    "s"
                  ],
                  "empty": []
                }
                """);
    }

    @Test
    void aTableWritesTheSameNumbersToCsvAndJson(@TempDir Path folder) throws Exception {
        Table table = new Table(List.of("clients", "mean"), List.of(List.of(2, 1.5), Arrays.asList(4, null)));
        assertThat(table.toCsv()).isEqualTo("clients,mean\r\n2,1.5\r\n4,\r\n");
        assertThat(table.toJson()).contains("\"clients\": 2,\n    \"mean\": 1.5").contains("\"mean\": null");
        Path html = new ResultsFolder(folder.resolve("out")).writeReport("herd", "<html/>", table);
        assertThat(html.getFileName()).hasToString("herd.html");
        assertThat(Files.readString(folder.resolve("out/herd.csv"))).isEqualTo(table.toCsv());
        assertThat(Files.readString(folder.resolve("out/herd.json"))).isEqualTo(table.toJson());
    }
}

package dev.zksim.report.testing;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;

/** Parses generated pages with the JDK's XML parser, which rejects anything not well-formed. */
public final class Xml {

    private Xml() {
    }

    /** The parsed document; throws with the parser's line and column when the text is not well-formed XML. */
    public static Document parse(String text) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        // A page must stand alone: no external DTD or entity may be fetched while checking it.
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
        factory.setExpandEntityReferences(false);
        DocumentBuilder builder = factory.newDocumentBuilder();
        builder.setErrorHandler(null);
        return builder.parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }
}

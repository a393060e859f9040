package io.querytester.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;

/** Checks report files of any command against their published schemas (docs/*.schema.json). */
public final class ReportSchemas {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ReportSchemas() {}

  /** Validates a JSON file against a schema under docs/; returns the parsed document. */
  public static JsonNode validJson(Path json, String schemaFile) throws Exception {
    JsonSchema schema;
    try (InputStream in = Files.newInputStream(Path.of("docs", schemaFile))) {
      schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
    }
    JsonNode doc = JSON.readTree(json.toFile());
    assertThat(schema.validate(doc)).as(json + " against docs/" + schemaFile).isEmpty();
    return doc;
  }

  /** Validates a JUnit XML file against the schema that Jenkins and Surefire read. */
  public static void validJunit(Path xml) throws Exception {
    SchemaFactory f = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
    f.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    f.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    Validator v;
    try (InputStream xsd = ReportSchemas.class.getResourceAsStream("/report/junit-jenkins.xsd")) {
      v = f.newSchema(new StreamSource(xsd)).newValidator();
    }
    v.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    v.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    v.validate(new StreamSource(xml.toFile()));
  }
}

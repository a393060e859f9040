package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.querytester.cli.QueryTesterCommand;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;

/** Runs the CLI in-process and checks report files against their published schemas. */
final class ReportFiles {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ReportFiles() {}

  record Run(int code, String out, String err) {}

  static Run cli(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    picocli.CommandLine cl = QueryTesterCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  /** Validates report.json against docs/report.schema.json; returns the parsed document. */
  static JsonNode validJson(Path reportJson) throws Exception {
    JsonSchema schema;
    try (InputStream in = Files.newInputStream(Path.of("docs", "report.schema.json"))) {
      schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
    }
    JsonNode doc = JSON.readTree(reportJson.toFile());
    Set<ValidationMessage> errors = schema.validate(doc);
    assertThat(errors).as("report.json against docs/report.schema.json").isEmpty();
    return doc;
  }

  /** Validates junit.xml against the JUnit XML schema that Jenkins and Surefire read. */
  static void validJunit(Path junitXml) throws Exception {
    SchemaFactory f = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
    f.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    f.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    Validator v;
    try (InputStream xsd = ReportFiles.class.getResourceAsStream("/report/junit-jenkins.xsd")) {
      v = f.newSchema(new StreamSource(xsd)).newValidator();
    }
    v.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    v.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    v.validate(new StreamSource(junitXml.toFile()));
  }

  static String read(Path file) throws Exception {
    return Files.readString(file);
  }
}

package io.querytester.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.BadInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OptionFilesTest {
  @TempDir Path dir;
  final List<String> warnings = new ArrayList<>();

  private Path write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text, StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-------"));
    return p;
  }

  private OptionValues only(Path file) {
    return files(List.of(), null).read(new OptionFiles.Choice(file, null, null, false));
  }

  private OptionFiles files(List<Path> global, Path user) {
    return new OptionFiles(global, user, null, warnings::add);
  }

  @Test
  void clientAndQuerytesterGroupsAreReadOthersIgnored() throws IOException {
    Path f =
        write(
            "my.cnf",
            """
            [mysqld]
            user = mysql
            password = server-side
            [client]
            user = app
            [mysqldump]
            user = dumper
            [QueryTester]
            ssl-mode = REQUIRED
            """);
    OptionValues v = only(f);
    assertThat(v.value("user")).contains("app");
    assertThat(v.password()).isEmpty();
    assertThat(v.value("ssl_mode")).contains("REQUIRED");
  }

  @Test
  void theLastLineWinsAcrossGroupsAndFiles() throws IOException {
    Path global = write("etc/my.cnf", "[client]\nuser=global\npassword=g\n");
    Path extra = write("extra.cnf", "[client]\nuser=extra\n");
    Path user = write("home/.my.cnf", "[querytester]\nuser=mine\n[client]\npassword=h\n");
    OptionValues v =
        files(List.of(global, dir.resolve("etc/missing.cnf")), user)
            .read(new OptionFiles.Choice(null, extra, null, false));
    assertThat(v.value("user")).contains("mine");
    assertThat(v.password().map(Secret::reveal)).contains("h");
    assertThat(v.where("user")).isEqualTo(user + ":2");
  }

  @Test
  void defaultsFileReplacesTheSearchAndNoDefaultsReadsNothing() throws IOException {
    Path global = write("etc/my.cnf", "[client]\nuser=global\n");
    Path mine = write("mine.cnf", "[client]\nuser=chosen\n");
    OptionFiles f = files(List.of(global), null);
    assertThat(f.read(new OptionFiles.Choice(mine, null, null, false)).value("user"))
        .contains("chosen");
    assertThat(f.read(OptionFiles.Choice.STANDARD).value("user")).contains("global");
    assertThat(f.read(new OptionFiles.Choice(null, null, null, true)).has("user")).isFalse();
    assertThatThrownBy(
            () -> f.read(new OptionFiles.Choice(dir.resolve("nope.cnf"), null, null, false)))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--defaults-file")
        .hasMessageContaining("nope.cnf");
    assertThatThrownBy(
            () -> f.read(new OptionFiles.Choice(null, dir.resolve("gone.cnf"), null, false)))
        .hasMessageContaining("--defaults-extra-file");
  }

  @Test
  void groupSuffixAddsTheSuffixedGroups() throws IOException {
    Path f =
        write(
            "my.cnf",
            """
            [client_old]
            user = old_app
            [client]
            user = app
            password = shared
            [client_new]
            user = new_app
            """);
    OptionFiles files = files(List.of(), null);
    OptionFiles.Choice base = new OptionFiles.Choice(f, null, null, false);
    assertThat(files.read(base).value("user")).contains("app");
    assertThat(files.read(base.withGroupSuffix("_new")).value("user")).contains("new_app");
    // [client_old] comes before [client] in the file: the later [client] line wins, as in mysql.
    assertThat(files.read(base.withGroupSuffix("_old")).value("user")).contains("app");
    assertThat(files.read(base.withGroupSuffix("_old")).password().map(Secret::reveal))
        .contains("shared");
    // MYSQL_GROUP_SUFFIX applies when no suffix option is given.
    OptionFiles fromEnv = new OptionFiles(List.of(), null, "_new", warnings::add);
    assertThat(fromEnv.read(base).value("user")).contains("new_app");
  }

  @Test
  void quotesEscapesAndCommentsFollowTheMysqlClient() throws IOException {
    Path f =
        write(
            "my.cnf",
            """
            # a comment line
            ; another comment line
            [client]
            a = plain value   # trailing comment
            b = "double # not a comment"  # but this is
            c = 'single "inner" quotes'
            d = "tab\\there\\nnewline\\sspace\\\\backslash\\"quote\\'apostrophe"
            e = C:\\path\\unknown
            f = "unbalanced
            g =
            h = '"'
            i=x=y
               j   =   spaced
            k = ends with backslash\\
            l = 'it\\'s # kept'
            """);
    OptionValues v = only(f);
    assertThat(v.value("a")).contains("plain value");
    assertThat(v.value("b")).contains("double # not a comment");
    assertThat(v.value("c")).contains("single \"inner\" quotes");
    assertThat(v.value("d")).contains("tab\there\nnewline space\\backslash\"quote'apostrophe");
    assertThat(v.value("e")).contains("C:\\path\\unknown");
    assertThat(v.value("f")).contains("\"unbalanced");
    assertThat(v.value("g")).contains("");
    assertThat(v.value("h")).contains("\"");
    assertThat(v.value("i")).contains("x=y");
    assertThat(v.value("j")).contains("spaced");
    assertThat(v.value("k")).contains("ends with backslash\\");
    assertThat(v.value("l")).contains("it's # kept");
  }

  @Test
  void passwordsWithSpecialCharactersSurviveQuoting() throws IOException {
    Map<String, String> cases =
        Map.of(
            "password = \"p#ss w0rd;\"", "p#ss w0rd;",
            "password = 'a\"b=c'", "a\"b=c",
            "password = \"with \\\"quotes\\\" and \\\\\"", "with \"quotes\" and \\",
            "password = $ecr3t!&%{}", "$ecr3t!&%{}",
            "password = \"  padded  \"", "  padded  ",
            "password = ünïcødé€", "ünïcødé€",
            "password=\"semi;colon#hash'quote\"", "semi;colon#hash'quote");
    int i = 0;
    for (Map.Entry<String, String> c : cases.entrySet()) {
      Path f = write("pw" + i++ + ".cnf", "[client]\n" + c.getKey() + "\n");
      assertThat(only(f).password().map(Secret::reveal)).as(c.getKey()).contains(c.getValue());
    }
  }

  @Test
  void unquotedPasswordsKeepWhatTheMysqlClientKeeps() throws IOException {
    Map<String, String> cases =
        Map.of(
            "password = x=y=z", "x=y=z",
            "password = semi;colon", "semi;colon",
            "password = p@ss word   ", "p@ss word",
            "password = ab\\cd", "ab\\cd", // an unknown escape keeps its backslash
            "password = a\\\\b", "a\\b",
            "password = it's#x", "it's#x", // the open quote hides the #, as in mysys
            "password = ab#cd", "ab"); // an unquoted # starts a comment: quote such passwords
    int i = 0;
    for (Map.Entry<String, String> c : cases.entrySet()) {
      Path f = write("raw" + i++ + ".cnf", "[client]\n" + c.getKey() + "\n");
      assertThat(only(f).password().map(Secret::reveal)).as(c.getKey()).contains(c.getValue());
    }
  }

  @Test
  void suffixedGroupsInIncludedFilesCount() throws IOException {
    write("conf.d/old.cnf", "[client_old]\nuser = old_app\npassword = \"o'ld #1\"\n");
    Path main = write("my.cnf", "[client]\nuser = app\n!includedir conf.d\n");
    OptionFiles files = files(List.of(), null);
    OptionFiles.Choice base = new OptionFiles.Choice(main, null, null, false);
    assertThat(files.read(base).value("user")).contains("app");
    assertThat(files.read(base).password()).isEmpty();
    OptionValues old = files.read(base.withGroupSuffix("_old"));
    assertThat(old.value("user")).contains("old_app");
    assertThat(old.password().map(Secret::reveal)).contains("o'ld #1");
    assertThat(old.where("password")).isEqualTo(dir.resolve("conf.d/old.cnf") + ":3");
  }

  @Test
  void passwordWithoutValueMeansAsk() throws IOException {
    OptionValues v = only(write("my.cnf", "[client]\nuser=app\npassword\n"));
    assertThat(v.passwordWithoutValue()).isTrue();
    assertThat(v.password()).isEmpty();
    OptionValues empty = only(write("empty.cnf", "[client]\npassword=\n"));
    assertThat(empty.passwordWithoutValue()).isFalse();
    assertThat(empty.password().map(Secret::reveal)).contains("");
  }

  @Test
  void namesCompareLikeMysqlOptions() throws IOException {
    OptionValues v = only(write("my.cnf", "[client]\nloose-ssl_mode = VERIFY_CA\nSSL-CA=/x.pem\n"));
    assertThat(v.value("ssl-mode")).contains("VERIFY_CA");
    assertThat(v.value("ssl_ca")).contains("/x.pem");
  }

  @Test
  void includeAndIncludedirAreFollowed() throws IOException {
    write("conf.d/20-tls.cnf", "[client]\nssl-mode = VERIFY_IDENTITY\nuser = from-dir\n");
    write("conf.d/10-user.cnf", "[client]\nuser = first\n");
    write("conf.d/ignored.txt", "[client]\nuser = not-a-cnf\n");
    write("secrets/pw.cnf", "[client]\npassword = \"in#cluded\"\n");
    Path main =
        write(
            "my.cnf",
            """
            [client]
            user = main
            !includedir conf.d
            !include %s
            [mysqld]
            !include does-not-exist.cnf
            """
                .formatted(dir.resolve("secrets/pw.cnf")));
    OptionValues v = only(main);
    assertThat(v.value("user")).contains("from-dir"); // conf.d files in name order
    assertThat(v.value("ssl-mode")).contains("VERIFY_IDENTITY");
    assertThat(v.password().map(Secret::reveal)).contains("in#cluded");
    assertThat(warnings).anyMatch(w -> w.contains("does-not-exist.cnf"));
  }

  @Test
  void anIncludedFileHasItsOwnGroupsAndTheIncluderKeepsItsGroup() throws IOException {
    write("inc.cnf", "[mysqld]\nuser = server\n");
    OptionValues v = only(write("my.cnf", "[client]\n!include inc.cnf\nuser = after\n"));
    assertThat(v.value("user")).contains("after");
    Path orphan = write("orphan.cnf", "user = nobody\n");
    assertThatThrownBy(() -> only(write("top.cnf", "[client]\n!include " + orphan + "\n")))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining(orphan + ":1")
        .hasMessageContaining("[client]");
  }

  @Test
  void includeCyclesStopAtTheDepthLimit() throws IOException {
    write("a.cnf", "[client]\nuser = a\n!include b.cnf\n");
    write("b.cnf", "[client]\npassword = b\n!include a.cnf\n");
    OptionValues v = only(dir.resolve("a.cnf"));
    assertThat(v.value("user")).contains("a");
    assertThat(warnings).anyMatch(w -> w.contains("deeper than 10"));
  }

  @Test
  void brokenFilesNameTheFileAndLine() throws IOException {
    assertThatThrownBy(() -> only(write("x.cnf", "\n\nuser = app\n")))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("x.cnf:3");
    assertThatThrownBy(() -> only(write("y.cnf", "[client\nuser=a\n")))
        .hasMessageContaining("y.cnf:1")
        .hasMessageContaining("]");
    assertThatThrownBy(() -> only(write("z.cnf", "[client]\n!include   \n")))
        .hasMessageContaining("z.cnf:2");
    assertThatThrownBy(() -> only(write("w.cnf", "[client]\n!includedir nowhere\n")))
        .hasMessageContaining("w.cnf:2");
  }

  @Test
  void worldWritableFilesAreIgnoredAsMysqlDoes() throws IOException {
    Path f = write("open.cnf", "[client]\nuser = attacker\n");
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-rw-rw-"));
    assertThat(only(f).has("user")).isFalse();
    assertThat(warnings).anyMatch(w -> w.contains("world-writable") && w.contains("open.cnf"));
  }

  @Test
  void windowsLineEndingsAreFine() throws IOException {
    OptionValues v = only(write("crlf.cnf", "[client]\r\nuser = app\r\npassword = \"x y\"\r\n"));
    assertThat(v.value("user")).contains("app");
    assertThat(v.password().map(Secret::reveal)).contains("x y");
  }

  @Test
  void nothingPrintsAValue() throws IOException {
    OptionValues v = only(write("my.cnf", "[client]\npassword = hunter2\n"));
    assertThat(v.toString()).doesNotContain("hunter2");
    assertThat(OptionFileParser.read(dir.resolve("my.cnf"), w -> {}).toString())
        .doesNotContain("hunter2");
  }

  @Test
  void theStandardSearchPathFollowsTheEnvironment() throws IOException {
    Path home = Files.createDirectories(dir.resolve("home"));
    write("home/.my.cnf", "[client]\nuser = from-home\n");
    Path mysqlHome = Files.createDirectories(dir.resolve("mysqlhome"));
    write("mysqlhome/my.cnf", "[client]\nuser = from-mysql-home\npassword = mh\n");
    Map<String, String> env = Map.of("HOME", home.toString(), "MYSQL_HOME", mysqlHome.toString());
    OptionFiles f = OptionFiles.standard(env::get, warnings::add);
    assertThat(f.files(OptionFiles.Choice.STANDARD))
        .endsWith(mysqlHome.resolve("my.cnf"), home.resolve(".my.cnf"));
    OptionValues v = f.read(OptionFiles.Choice.STANDARD);
    assertThat(v.value("user")).contains("from-home");
    assertThat(v.password().map(Secret::reveal)).contains("mh");
  }
}

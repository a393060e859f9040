package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.workload.StatementAccess.Kind;
import io.querytester.workload.StatementAccess.TableUse;
import io.querytester.workload.StatementAccess.Transaction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StatementAccessTest {
  private static StatementAccess of(String sql) {
    return StatementAccess.of(sql, "Shop");
  }

  @Test
  void aPointReadNamesItsRowAndARangeReadItsWholeTable() {
    StatementAccess point = of("SELECT c FROM sbtest1 WHERE id=5049");
    assertThat(point.kind()).isEqualTo(Kind.READ);
    assertThat(point.reads())
        .containsExactly(new TableUse("shop.sbtest1", List.of(Map.of("id", "5049")), false));
    StatementAccess range = of("SELECT c FROM sbtest2 WHERE id BETWEEN 5007 AND 5106");
    assertThat(range.reads()).containsExactly(new TableUse("shop.sbtest2", null, false));
  }

  @Test
  void writesNameTheirRowsWhereTheTextSaysThemByEquality() {
    assertThat(of("UPDATE sbtest2 SET k=k+1 WHERE id=5020").writes())
        .containsExactly(new TableUse("shop.sbtest2", List.of(Map.of("id", "5020")), false));
    assertThat(of("DELETE FROM `db`.`T` WHERE id = '7' AND k > 3 LIMIT 1").writes())
        .containsExactly(new TableUse("db.t", List.of(Map.of("id", "7")), false));
    assertThat(of("DELETE FROM t WHERE id = 7 OR id = 8").writes().get(0).wholeTable()).isTrue();
    assertThat(of("UPDATE t SET a = 1 WHERE id IN (1, 2)").writes().get(0).rows())
        .containsExactly(Map.of("id", "1"), Map.of("id", "2"));
    assertThat(of("INSERT INTO sbtest2 (id, k, c, pad) VALUES (4501, 5032, 'x', 'y')").writes())
        .containsExactly(
            new TableUse(
                "shop.sbtest2",
                List.of(Map.of("id", "4501", "k", "5032", "c", "x", "pad", "y")),
                true));
    assertThat(of("INSERT INTO t VALUES (1, NOW()), (2, 'b')").writes().get(0).rows())
        .containsExactly(Map.of("#1", "1"), Map.of("#1", "2", "#2", "b"));
    assertThat(of("INSERT t SET id = 3, name = 'x'").writes().get(0).rows())
        .containsExactly(Map.of("id", "3", "name", "x"));
  }

  @Test
  void aWriteThatReadsOtherTablesSaysSoAndJoinsWriteEveryTableTheyName() {
    StatementAccess s = of("INSERT INTO archive SELECT * FROM orders o JOIN lines l ON l.o = o.id");
    assertThat(s.writes()).containsExactly(new TableUse("shop.archive", null, true));
    assertThat(s.reads()).extracting(TableUse::table).containsExactly("shop.orders", "shop.lines");
    StatementAccess multi = of("UPDATE a JOIN b ON a.id = b.id SET a.x = b.x WHERE a.id = 1");
    assertThat(multi.writes()).extracting(TableUse::table).containsExactly("shop.a", "shop.b");
    assertThat(multi.writes()).allMatch(TableUse::wholeTable);
    StatementAccess sub = of("DELETE FROM t WHERE id IN (SELECT id FROM u)");
    assertThat(sub.writes().get(0).wholeTable()).isTrue();
    assertThat(sub.reads()).extracting(TableUse::table).containsExactly("shop.u");
  }

  @Test
  void lockingReadsAndTransactionsAreToldApart() {
    assertThat(of("SELECT * FROM t WHERE id = 1 FOR UPDATE").kind()).isEqualTo(Kind.LOCKING_READ);
    assertThat(of("select * from t lock in share mode").kind()).isEqualTo(Kind.LOCKING_READ);
    assertThat(of("BEGIN").transaction()).isEqualTo(Transaction.BEGIN);
    assertThat(of("START TRANSACTION WITH CONSISTENT SNAPSHOT").transaction())
        .isEqualTo(Transaction.BEGIN_WITH_SNAPSHOT);
    assertThat(of("COMMIT").transaction()).isEqualTo(Transaction.END);
    assertThat(of("ROLLBACK WORK AND CHAIN").transaction()).isEqualTo(Transaction.END_AND_BEGIN);
    assertThat(of("ROLLBACK TO SAVEPOINT a").kind()).isEqualTo(Kind.NONE);
    assertThat(of("SET autocommit = 0").transaction()).isEqualTo(Transaction.AUTOCOMMIT_OFF);
    assertThat(of("SET @@session.autocommit=ON").transaction())
        .isEqualTo(Transaction.AUTOCOMMIT_ON);
    assertThat(of("SET autocommit = @x").transaction()).isEqualTo(Transaction.AUTOCOMMIT_UNKNOWN);
    assertThat(of("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED").isolation())
        .isEqualTo("READ-COMMITTED");
    assertThat(of("SET tx_isolation = 'SERIALIZABLE'").isolation()).isEqualTo("SERIALIZABLE");
  }

  @Test
  void whatMayTouchAnythingIsABarrier() {
    for (String sql :
        List.of(
            "ALTER TABLE t ADD c INT",
            "CALL p()",
            "LOCK TABLES t WRITE",
            "SET GLOBAL max_connections = 10",
            "SELECT GET_LOCK('a', 1)",
            "SELECT NEXT VALUE FOR s",
            "EXECUTE stmt",
            "XA START 'x'",
            "SELECT 1; DELETE FROM t",
            "FROBNICATE")) {
      assertThat(of(sql).kind()).as(sql).isEqualTo(Kind.BARRIER);
    }
    assertThat(of("SELECT 1").kind()).isEqualTo(Kind.NONE);
    assertThat(of("SHOW TABLES").kind()).isEqualTo(Kind.NONE);
    assertThat(of("SELECT * FROM information_schema.tables").kind()).isEqualTo(Kind.NONE);
    assertThat(of("SET NAMES utf8mb4").kind()).isEqualTo(Kind.NONE);
    assertThat(of("CREATE TEMPORARY TABLE x (a INT)").kind()).isEqualTo(Kind.NONE);
  }

  @Test
  void derivedTablesAndCommaJoinsAreRead() {
    StatementAccess s =
        of("SELECT * FROM (SELECT id FROM a) x, b AS bb JOIN c USING (id) WHERE bb.id = 1");
    assertThat(s.reads())
        .extracting(TableUse::table)
        .containsExactlyInAnyOrder("shop.a", "shop.b", "shop.c");
    assertThat(s.reads()).allMatch(TableUse::wholeTable);
  }
}

package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AccountCheckTest {
  @Test
  void readingPrivilegesAreFine() {
    assertThat(AccountCheck.beyondReading("GRANT USAGE ON *.* TO `ro`@`%`")).isEmpty();
    assertThat(
            AccountCheck.beyondReading(
                "GRANT SELECT, SHOW VIEW, EXECUTE ON `shop`.* TO `ro`@`%` IDENTIFIED BY PASSWORD '*AB'"))
        .isEmpty();
    assertThat(AccountCheck.beyondReading("GRANT SELECT (a, b) ON `shop`.`t` TO 'ro'@'%'"))
        .isEmpty();
  }

  @Test
  void writingAndAdministeringAreNamedWithoutTheirPasswords() {
    assertThat(
            AccountCheck.beyondReading(
                "GRANT ALL PRIVILEGES ON *.* TO `root`@`localhost` IDENTIFIED BY PASSWORD '*AB' WITH GRANT OPTION"))
        .containsExactly("ALL PRIVILEGES ON *.*", "GRANT OPTION");
    assertThat(AccountCheck.beyondReading("GRANT SELECT, INSERT, SHUTDOWN ON *.* TO 'w'@'%'"))
        .containsExactly("INSERT ON *.*", "SHUTDOWN ON *.*");
    assertThat(AccountCheck.beyondReading("GRANT `dba` TO `w`@`%`"))
        .containsExactly("use role `dba`");
  }
}

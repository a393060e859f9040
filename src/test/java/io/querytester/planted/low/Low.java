package io.querytester.planted.low;

import io.querytester.planted.high.High;

/** A planted violation for HouseRulesTest: a low stage that uses a higher one. */
public final class Low {
  private Low() {}

  public static String name() {
    return High.class.getSimpleName();
  }
}

package io.querytester.planted.high;

import io.querytester.planted.low.Low;

/** A higher stage for HouseRulesTest, which may use the lower one. */
public final class High {
  private High() {}

  public static String lower() {
    return Low.class.getSimpleName();
  }
}

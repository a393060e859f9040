package io.querytester.replay;

/**
 * Which static nondeterminism markers replay neutralises (a pinned timestamp, a seeded RAND), so
 * that compare knows which ones still make a class nondeterministic.
 */
public final class PinnedMarkers {
  private PinnedMarkers() {}

  public static boolean pinnable(String marker) {
    return Pins.pinnable(marker);
  }
}

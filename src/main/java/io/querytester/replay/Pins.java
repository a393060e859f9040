package io.querytester.replay;

import io.querytester.workload.PinnableMarkers;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.SqlProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Session statements that make a nondeterministic statement repeatable: {@code SET timestamp} from
 * the capture time so that NOW() agrees between OLD and NEW, and a RAND seed derived from the event
 * so that RAND() does. Sent only before statements that need them: each costs a round trip.
 */
public final class Pins {
  private Pins() {}

  static List<String> before(QueryEvent event, SqlProfile profile, long eventId) {
    if (profile.nondeterminism().isEmpty()) {
      return List.of();
    }
    List<String> out = new ArrayList<>(2);
    boolean time = false;
    boolean rand = false;
    for (String marker : profile.nondeterminism()) {
      time |= PinnableMarkers.time(marker);
      rand |= PinnableMarkers.random(marker);
    }
    if (time && event.ts() != null) {
      long micros = event.ts().getEpochSecond() * 1_000_000 + event.ts().getNano() / 1000;
      out.add(
          String.format(
              Locale.ROOT, "SET timestamp = %d.%06d", micros / 1_000_000, micros % 1_000_000));
    }
    if (rand) {
      // rand_seed1/2 are 32-bit; both servers use the same generator, so the same seed gives
      // the same sequence.
      long seed = eventId * 0x9E3779B97F4A7C15L;
      out.add(
          "SET rand_seed1 = "
              + ((seed >>> 33) & 0x3FFFFFFF)
              + ", rand_seed2 = "
              + ((seed >>> 2) & 0x3FFFFFFF));
    }
    return out;
  }
}

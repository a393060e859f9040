package io.querytester.server;

import io.querytester.CannotRunException;
import io.querytester.Parallel;
import java.util.List;
import java.util.function.Consumer;

/** Opens targets from their settings; the one place that knows every kind of spec. */
public final class Targets {
  private Targets() {}

  public static Target open(TargetSettings settings, Consumer<String> progress) {
    return switch (settings.spec()) {
      case EmbeddedSpec e -> EmbeddedTarget.start(settings, progress);
      case JdbcSpec j -> HostTarget.connect(settings, null);
      case DockerSpec d -> DockerTarget.start(settings, progress);
    };
  }

  /**
   * Fails at once, in one line, when a docker: target is among {@code all} and no Docker engine
   * runs: for commands that open their targets one after another.
   */
  public static void requireEngines(List<TargetSettings> all) {
    all.forEach(DockerEngine::require);
  }

  /**
   * Opens several targets at once (two embedded servers start in the time of one). If any fails,
   * the ones already open are closed before the error is thrown.
   */
  public static List<Target> openAll(List<TargetSettings> all, Consumer<String> progress) {
    // Checked first: without an engine, nothing else is started only to be stopped again.
    requireEngines(all);
    Parallel.Results<Target> started = Parallel.each(all, s -> open(s, progress));
    List<Target> opened = started.values();
    Throwable failure = started.failure();
    if (failure != null) {
      opened.forEach(Target::close);
      throw switch (failure) {
        case InterruptedException e ->
            new CannotRunException("interrupted while starting targets", e);
        case RuntimeException e -> e;
        default -> new CannotRunException(failure.getMessage(), failure);
      };
    }
    return opened;
  }
}

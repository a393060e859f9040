package io.querytester.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class MachineLoadTest {
  @Test
  void serversGivenByUrlHaveNoProcessorTimeAndReadBackSo() throws Exception {
    // targets given as jdbc: URLs: no server processor time, which run.json leaves out
    MachineLoad load = new MachineLoad(2, 9.5, 0.77, 0, 5.8, 18, 7.4, Map.of());
    String json = RunJson.MAPPER.writeValueAsString(load);
    MachineLoad back = RunJson.MAPPER.readValue(json, MachineLoad.class);
    assertThat(back.serverCpuSeconds()).isEmpty();
    assertThat(back.othersCpuSeconds()).isEqualTo(0.77 * 2 * 9.5 - 7.4, within());
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(1e-9);
  }
}

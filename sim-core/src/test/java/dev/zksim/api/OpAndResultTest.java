package dev.zksim.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class OpAndResultTest {
    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void opsWithEqualDataContentAreEqualAndNullStaysDistinctFromEmpty() {
        assertThat(Op.create("/a", bytes("x"), CreateMode.PERSISTENT))
                .isEqualTo(Op.create("/a", bytes("x"), CreateMode.PERSISTENT))
                .hasSameHashCodeAs(Op.create("/a", bytes("x"), CreateMode.PERSISTENT));
        assertThat(Op.setData("/a", null, -1)).isNotEqualTo(Op.setData("/a", new byte[0], -1));
        assertThat(Op.setData("/a", null, -1).data()).isNull();
        assertThat(Op.create("/a", bytes("x"), CreateMode.PERSISTENT))
                .isNotEqualTo(Op.create("/a", bytes("x"), CreateMode.EPHEMERAL));
    }

    @Test
    void opsPrintTheirDataReadably() {
        assertThat(Op.create("/a", bytes("hi"), CreateMode.PERSISTENT))
                .hasToString("Create[path=/a, data=\"hi\", mode=PERSISTENT]");
        assertThat(Op.setData("/a", new byte[] {0, -1}, 3)).hasToString("SetData[path=/a, data=0x00ff, version=3]");
        assertThat(Op.setData("/a", null, 3)).hasToString("SetData[path=/a, data=null, version=3]");
        assertThat(ZnodeData.toString(new byte[40])).endsWith("...(40 bytes)");
    }

    @Test
    void validateMirrorsTheClientsPathCheck() {
        assertThatCode(() -> Op.create("/a/", null, CreateMode.PERSISTENT_SEQUENTIAL).validate()).doesNotThrowAnyException();
        assertThatThrownBy(() -> Op.create("/a/", null, CreateMode.PERSISTENT).validate())
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Op.delete("a", -1).validate()).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Op.check("/a/", -1).validate()).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void multiFailureCarriesTheFirstNonZeroCodeAndAllResults() {
        List<OpResult> results = List.of(
                new OpResult.ErrorResult(0), new OpResult.ErrorResult(-101), new OpResult.ErrorResult(-2));
        KeeperException failure = KeeperException.forMulti(results);
        assertThat(failure.code()).isEqualTo(KeeperException.Code.NONODE);
        assertThat(failure.getPath()).isNull();
        assertThat(failure.getResults()).isEqualTo(results);
        assertThat(KeeperException.create(KeeperException.Code.NONODE, "/a").getResults()).isNull();
        assertThat(new OpResult.ErrorResult(-110).code()).isEqualTo(KeeperException.Code.NODEEXISTS);
    }

    @Test
    void dataAndStatComparesDataByContent() {
        Stat stat = new Stat(1, 1, 0, 0, 0, 0, 0, 0, 1, 0, 1);
        assertThat(new ZooKeeperClient.DataAndStat(bytes("x"), stat)).isEqualTo(new ZooKeeperClient.DataAndStat(bytes("x"), stat));
        assertThat(new ZooKeeperClient.DataAndStat(null, stat)).isNotEqualTo(new ZooKeeperClient.DataAndStat(new byte[0], stat));
    }
}

package dev.zksim.official.testkit;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.nodes.GroupMember;
import org.apache.curator.utils.ZKPaths;

/**
 * Curator's {@code GroupMember} as a {@link BlockingMember}: the first join starts it (a
 * GroupMember cannot start twice), and it puts its node back by itself after a lost session,
 * so a later join has nothing to do; a leave closes it. The view is
 * {@code getCurrentMembers}, sorted.
 */
final class CuratorGroupMember implements BlockingMember {
    private final GroupMember member;
    private final String node;
    private boolean started;

    CuratorGroupMember(CuratorFramework curator, String group, String name) {
        this.member = new GroupMember(curator, group, name, name.getBytes(StandardCharsets.UTF_8));
        this.node = ZKPaths.makePath(group, name);
    }

    @Override
    public void join() {
        if (!started) {
            started = true;
            member.start();
        }
    }

    @Override
    public void leave() {
        member.close();
    }

    @Override
    public Optional<List<String>> view() {
        List<String> members = new ArrayList<>(member.getCurrentMembers().keySet());
        members.sort(null);
        return Optional.of(members);
    }

    @Override
    public String node() {
        return node;
    }
}

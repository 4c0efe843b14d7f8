package dev.zksim.protocol;

import dev.zksim.api.OpResult;
import java.util.List;

/**
 * The length a reply frames to in ZooKeeper's jute encoding: the number after the 4-byte
 * length prefix, which the official client compares with its packet limit before it reads
 * the rest ({@code ClientCnxnSocket.readLength}). A reply header is xid, zxid and err (16
 * bytes); a Stat is 68 bytes; a string or buffer is a 4-byte length and its bytes (a null
 * buffer is the length -1 alone); a vector is a 4-byte count and its elements; a multi
 * result is a 9-byte header (type, done, err) per op, each op's body, and a closing header.
 */
public final class ReplySize {
    /** xid (4), zxid (8), err (4). */
    public static final int HEADER = 16;
    /** czxid, mzxid, ctime, mtime (8 each), version, cversion, aversion (4 each), ephemeralOwner (8), dataLength, numChildren (4 each), pzxid (8). */
    public static final int STAT = 68;
    private static final int MULTI_HEADER = 4 + 1 + 4;

    private ReplySize() {
    }

    /** The framed length of the reply, without its 4-byte length prefix. */
    public static int of(ServerPacket.Reply reply) {
        return length(reply, true);
    }

    /**
     * Whether the reply frames to more than {@code limit} bytes. Every reply a client reads
     * is checked, so strings are first counted at three bytes a character, the most UTF-8
     * needs for one; only a reply whose bound exceeds the limit is measured exactly (counting
     * the characters of every child name of every listing was a fiftieth of a sweep).
     */
    public static boolean exceeds(ServerPacket.Reply reply, int limit) {
        return length(reply, false) > limit && of(reply) > limit;
    }

    /** The framed length, exact or (with {@code exact} false) an upper bound. */
    private static int length(ServerPacket.Reply reply, boolean exact) {
        return HEADER + (reply.response() == null ? 0 : body(reply.response(), exact));
    }

    private static int body(Response response, boolean exact) {
        // The common replies first: a switch over types tests its cases in order.
        return switch (response) {
            case Response.StatResponse stat -> stat.stat() == null ? 0 : STAT;
            case Response.ChildrenResponse children -> JuteSize.strings(children.children(), exact) + (children.stat() == null ? 0 : STAT);
            case Response.Empty empty -> 0;
            case Response.PathResponse path -> JuteSize.string(path.path(), exact);
            case Response.DataResponse data -> JuteSize.buffer(data.data()) + STAT;
            case Response.CreateResponse create -> JuteSize.string(create.path(), exact) + STAT;
            case Response.MultiResponse multi -> multi(multi.results(), exact);
            case Response.PathsResponse paths -> JuteSize.strings(paths.paths(), exact);
            case Response.CountResponse count -> 4;
        };
    }

    private static int multi(List<OpResult> results, boolean exact) {
        int size = MULTI_HEADER;
        for (OpResult result : results) {
            size += MULTI_HEADER + switch (result) {
                case OpResult.CreateResult create -> JuteSize.string(create.path(), exact);
                case OpResult.SetDataResult setData -> STAT;
                case OpResult.ErrorResult error -> 4;
                case OpResult.DeleteResult delete -> 0;
                case OpResult.CheckResult check -> 0;
            };
        }
        return size;
    }
}

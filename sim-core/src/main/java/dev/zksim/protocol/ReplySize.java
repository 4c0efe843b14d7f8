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
        return HEADER + (reply.response() == null ? 0 : body(reply.response()));
    }

    private static int body(Response response) {
        return switch (response) {
            case Response.PathResponse path -> JuteSize.string(path.path());
            case Response.CreateResponse create -> JuteSize.string(create.path()) + STAT;
            case Response.StatResponse stat -> stat.stat() == null ? 0 : STAT;
            case Response.DataResponse data -> JuteSize.buffer(data.data()) + STAT;
            case Response.ChildrenResponse children -> JuteSize.strings(children.children()) + (children.stat() == null ? 0 : STAT);
            case Response.MultiResponse multi -> multi(multi.results());
            case Response.PathsResponse paths -> JuteSize.strings(paths.paths());
            case Response.CountResponse count -> 4;
            case Response.Empty empty -> 0;
        };
    }

    private static int multi(List<OpResult> results) {
        int size = MULTI_HEADER;
        for (OpResult result : results) {
            size += MULTI_HEADER + switch (result) {
                case OpResult.CreateResult create -> JuteSize.string(create.path());
                case OpResult.SetDataResult setData -> STAT;
                case OpResult.ErrorResult error -> 4;
                case OpResult.DeleteResult delete -> 0;
                case OpResult.CheckResult check -> 0;
            };
        }
        return size;
    }
}

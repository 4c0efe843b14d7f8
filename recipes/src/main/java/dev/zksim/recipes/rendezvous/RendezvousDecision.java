package dev.zksim.recipes.rendezvous;

import dev.zksim.api.KeeperException.Code;
import java.util.Arrays;

/** The pure decisions of the rendezvous: the waiter's read and the publisher's write. */
public final class RendezvousDecision {

    private RendezvousDecision() {
    }

    /** What the waiter's getData(node, watch) answered. */
    public sealed interface Read {
        record Data(byte[] data) implements Read {
        }

        record Failed(Code code) implements Read {
        }
    }

    public sealed interface Next {
        /** The address is there: proceed with it. */
        record Proceed(byte[] address) implements Next {
        }

        /** Empty node, watch set: wait for NodeDataChanged. */
        record Wait() implements Next {
        }

        record Retry() implements Next {
        }

        /** The node is gone (the rendezvous was abandoned) or the session ended. */
        record Fail(Code code) implements Next {
        }
    }

    /** An empty or null node means nobody has published yet. */
    public static Next onRead(Read read) {
        return switch (read) {
            case Read.Data data -> data.data() == null || data.data().length == 0
                    ? new Next.Wait() : new Next.Proceed(data.data());
            case Read.Failed failed -> failed.code() == Code.CONNECTIONLOSS || failed.code() == Code.OPERATIONTIMEOUT
                    ? new Next.Retry() : new Next.Fail(failed.code());
        };
    }

    /**
     * The publisher writes with version 0, so only the first address ever lands. BadVersion
     * after a lost reply is success if the stored address is ours; {@code stored} is null
     * when it has not been read yet.
     */
    public static Next onPublish(Code error, byte[] mine, byte[] stored) {
        if (error == null) {
            return new Next.Proceed(mine);
        }
        return switch (error) {
            case CONNECTIONLOSS, OPERATIONTIMEOUT -> new Next.Retry();
            case BADVERSION -> stored == null ? new Next.Wait()
                    : Arrays.equals(stored, mine) ? new Next.Proceed(mine) : new Next.Fail(Code.BADVERSION);
            default -> new Next.Fail(error);
        };
    }
}

package dev.zksim.recipes.lock;

import dev.zksim.api.Stat;

/**
 * The pure decision of the paper's simple lock, from what exists(lock file) returned and the
 * caller's session id: no lock file means try to create it; a lock file owned by this
 * session means the lock is held (this also recognises a create whose reply was lost);
 * any other owner means wait for the lock file's event.
 */
public sealed interface LockFileDecision {

    record TryCreate() implements LockFileDecision {
    }

    record Held(long fencingToken) implements LockFileDecision {
    }

    record Wait() implements LockFileDecision {
    }

    static LockFileDecision decide(Stat lockFile, long mySession) {
        if (lockFile == null) {
            return new TryCreate();
        }
        if (mySession != 0 && lockFile.ephemeralOwner() == mySession) {
            return new Held(lockFile.czxid());
        }
        return new Wait();
    }
}

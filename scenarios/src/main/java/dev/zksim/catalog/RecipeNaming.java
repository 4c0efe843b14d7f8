package dev.zksim.catalog;

import dev.zksim.recipes.naming.NameService;
import dev.zksim.recipes.naming.UniqueName;
import dev.zksim.testkit.NamingUnderTest;

/** zksim's naming service as {@link NamingUnderTest}: a name is the path of a sequential node. */
public final class RecipeNaming {
    /** Names under /names, each caller creating its nodes under its unique name. */
    public static final NamingUnderTest.Factory NAMES = client -> {
        NameService service = new NameService(client.zk(), "/names", client.uniqueName());
        return data -> service.allocate(data).thenApply(UniqueName::path);
    };

    private RecipeNaming() {
    }
}

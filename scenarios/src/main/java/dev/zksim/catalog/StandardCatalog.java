package dev.zksim.catalog;

import dev.zksim.scenario.ScenarioCatalog;
import dev.zksim.testkit.CatalogProvider;

/** zksim's own catalogue, found like any user's through {@link java.util.ServiceLoader}. */
public final class StandardCatalog implements CatalogProvider {

    @Override
    public ScenarioCatalog catalog() {
        return Catalog.standard();
    }
}

package dev.webhooker.delivery;

import java.nio.file.Path;

import dev.webhooker.store.DirectoryPayloadStore;
import dev.webhooker.store.PayloadStore;
import dev.webhooker.testsupport.TestDatabases;

/** The embedded default: H2 and payloads parked in a local directory. */
class DeliveryEngineH2IT extends DeliveryEngineContract {
    @Override
    TestDatabases.Kind kind() {
        return TestDatabases.Kind.H2;
    }

    @Override
    PayloadStore payloadStore(Path dataDir) {
        return new DirectoryPayloadStore(dataDir.resolve("payloads"));
    }
}

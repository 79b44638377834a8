package dev.webhooker.store;

import java.sql.Connection;

import javax.sql.DataSource;

import org.springframework.stereotype.Component;

import dev.webhooker.health.HealthProbe;

@Component
class DatabaseHealthProbe implements HealthProbe {

    private final DataSource dataSource;

    DatabaseHealthProbe(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public String name() {
        return "database";
    }

    @Override
    public void check() throws Exception {
        try (Connection connection = dataSource.getConnection()) {
            if (!connection.isValid(2)) {
                throw new IllegalStateException("connection is not valid");
            }
        }
    }
}

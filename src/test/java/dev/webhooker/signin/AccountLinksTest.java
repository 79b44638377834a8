package dev.webhooker.signin;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.util.Map;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.audit.AuditLog;
import dev.webhooker.testsupport.TestDatabases;

class AccountLinksTest {

    private final DataSource dataSource = TestDatabases.h2();
    private final JdbcTemplate jdbc = new JdbcTemplate(dataSource);
    private final AccountLinks links = new AccountLinks(jdbc, new AuditLog(jdbc, Clock.systemUTC()));

    @AfterEach
    void close() throws Exception {
        if (dataSource instanceof AutoCloseable closeable) {
            closeable.close();
        }
    }

    @Test
    void aGitHubUsersLinkedChatAccountsAreFoundByTheirGitHubUserId() {
        links.link(ChatPlatform.DISCORD, "300000000000000003", "583231", "octocat");
        links.link(ChatPlatform.TELEGRAM, "123456789", "583231", "octocat");
        links.link(ChatPlatform.TELEGRAM, "987654321", "1", "someone-else");

        assertThat(links.chatUsersOf("583231")).isEqualTo(Map.of("discord", "300000000000000003", "telegram", "123456789"));
        assertThat(links.chatUsersOf("2")).isEmpty();

        links.unlink(ChatPlatform.DISCORD, "300000000000000003");
        assertThat(links.chatUsersOf("583231")).isEqualTo(Map.of("telegram", "123456789"));
    }
}

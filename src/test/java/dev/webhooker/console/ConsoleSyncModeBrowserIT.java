package dev.webhooker.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.testsupport.AppStores;
import dev.webhooker.testsupport.Chromium;
import dev.webhooker.testsupport.FakeGithub;

/**
 * With WEBHOOKER_CONFIG_MODE=sync the config file manages its groups: even a super admin's console shows every
 * configuration control of such a group disabled, naming the file, while the webhook secret (not configuration) stays
 * usable; a group made in the console is marked as such and stays editable.
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ConsoleSyncModeBrowserIT {

    static final FakeGithub GITHUB = new FakeGithub();
    static final Path FILE = configFile();

    static Path configFile() {
        try {
            Path file = Files.createTempFile("webhooker-console-sync", ".yaml");
            Files.writeString(file, """
                    groups:
                      - id: filed
                        name: "From the file"
                        members: []
                    routes:
                      - id: pushes
                        name: "Pushes"
                        enabled: true
                        groupId: filed
                        filters: [{type: event, match: push}]
                        targets: [{platform: discord, channelId: "111111111111111111"}]
                    """);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.embedded(registry, "console-sync");
        GITHUB.properties(registry);
        registry.add("webhooker.admin.user-ids", () -> "9919");
        registry.add("webhooker.config.file", FILE::toString);
        registry.add("webhooker.config.mode", () -> "sync");
        registry.add("webhooker.delivery.enabled", () -> "false");
    }

    @LocalServerPort
    int port;

    @Test
    void theFilesGroupIsReadOnlyNamingTheFileAConsoleGroupIsEditableAndTheSecretStillWorks() {
        GITHUB.user("root", 9919, "root");
        String base = "http://127.0.0.1:" + port;
        GITHUB.authorizesAs(base, "root");
        try (Chromium chromium = new Chromium("en-US")) {
            WebDriver driver = chromium.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(15));
            driver.get(base + "/admin/groups/filed");
            wait.until(ExpectedConditions.elementToBeClickable(By.id("sign-in"))).click();
            WebElement settings = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("group-settings")));
            assertThat(settings.findElement(By.cssSelector(".readonly")).getText()).contains("sync mode", FILE.getFileName().toString());
            assertThat(settings.findElement(By.cssSelector("button[type=submit]")).isEnabled()).isFalse();
            assertThat(driver.findElement(By.id("add-route")).isEnabled()).isFalse();
            driver.findElement(By.cssSelector("#route-list li[data-route='pushes'] .edit")).click();
            WebElement route = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".route-form")));
            assertThat(route.findElement(By.cssSelector("button[type=submit]")).isEnabled()).isFalse();
            assertThat(route.findElement(By.name("name")).isEnabled()).isFalse();
            assertThat(driver.findElement(By.id("regenerate")).isEnabled()).as("a secret is not configuration").isTrue();
            chromium.screenshot("30-sync-mode");

            assertThat(driver.findElement(By.id("group-origin")).getText()).contains("config file");

            // a group made in the console is kept by the file and stays editable here
            driver.findElement(By.cssSelector("nav a[data-nav='groups']")).click();
            WebElement create = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("create-group")));
            assertThat(driver.findElement(By.id("sync-note")).getText()).contains(FILE.getFileName().toString());
            assertThat(driver.findElement(By.cssSelector("span.origin[data-origin='file']")).getText()).isEqualTo("config file");
            assertThat(create.findElements(By.cssSelector(".readonly"))).isEmpty();
            create.findElement(By.name("id")).sendKeys("made-here");
            create.findElement(By.name("name")).sendKeys("Made here");
            create.findElement(By.cssSelector("button[type=submit]")).click();
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("group-origin"), "console"));
            WebElement madeSettings = driver.findElement(By.id("group-settings"));
            assertThat(madeSettings.findElements(By.cssSelector(".readonly"))).isEmpty();
            assertThat(madeSettings.findElement(By.cssSelector("button[type=submit]")).isEnabled()).isTrue();
            assertThat(driver.findElement(By.id("add-route")).isEnabled()).isTrue();
        }
    }
}

package dev.webhooker.console;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;


import com.github.tomakehurst.wiremock.WireMockServer;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import com.deque.html.axecore.results.Results;
import com.deque.html.axecore.selenium.AxeBuilder;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Route;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.testsupport.AppStores;
import dev.webhooker.testsupport.Browser;
import dev.webhooker.testsupport.Chromium;
import dev.webhooker.testsupport.FakeGithub;
import dev.webhooker.testsupport.GithubWebhooks;
import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.platform.telegram.TelegramTarget;
import dev.webhooker.platform.webhook.WebhookTarget;
import dev.webhooker.platform.slack.SlackTarget;
import dev.webhooker.platform.teams.TeamsTarget;

/**
 * The console in the machine's headless Chromium, against the application on the embedded default with a fake
 * GitHub (sign-in) and a fake Discord (deliveries). Every screen is saved as a screenshot under
 * target/console-screenshots/.
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ConsoleBrowserIT {

    static final FakeGithub GITHUB = new FakeGithub();
    static final WireMockServer DISCORD = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));

    static {
        DISCORD.start();
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.embedded(registry, "console");
        GITHUB.properties(registry);
        registry.add("webhooker.admin.user-ids", () -> "9919");
        registry.add("webhooker.config.file", () -> "");
        registry.add("webhooker.platforms.discord-api-url", DISCORD::baseUrl);
        registry.add("webhooker.platforms.discord-token", () -> "bot-token");
        registry.add("webhooker.delivery.retry-schedule", () -> "200ms");
        registry.add("webhooker.delivery.poll-interval", () -> "100ms");
        registry.add("webhooker.camel-targets.schemes", () -> "nats");
    }

    @AfterAll
    static void stopServers() {
        DISCORD.stop();
    }

    @LocalServerPort
    int port;

    @Autowired
    ConfigRepository repository;

    @Autowired
    ConfigSnapshots snapshots;

    @Autowired
    JdbcTemplate jdbc;

    @BeforeEach
    void usersAndAGroup() {
        GITHUB.server().resetAll();
        GITHUB.user("root", 9919, "root");
        GITHUB.user("vera", 1004, "vera");
        repository.replaceAll(List.of(new Group("base", "Base", List.of(new Group.Member("olive", "owner", "1002"),
                new Group.Member("vera", "viewer", "1004")), List.of(), List.of(), List.of(), null, true, List.of(), null, null, false)),
                List.of());
        snapshots.refresh();
        DISCORD.resetAll();
        DISCORD.stubFor(post(urlMatching("/channels/.*/messages")).willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json").withBody("{\"message\":\"Unknown Channel\",\"code\":10003}")));
    }

    private String base() {
        return "http://127.0.0.1:" + port;
    }

    /** Opens {@code path}, which shows the sign-in screen, and signs in as {@code code}'s user. */
    private void signInAt(WebDriver driver, String path, String code) {
        GITHUB.authorizesAs(base(), code);
        driver.get(base() + path);
        wait(driver).until(ExpectedConditions.elementToBeClickable(By.id("sign-in"))).click();
        wait(driver).until(ExpectedConditions.urlToBe(base() + path));
        heading(driver);
    }

    private static WebDriverWait wait(WebDriver driver) {
        return new WebDriverWait(driver, Duration.ofSeconds(15));
    }

    /** The screen's title, once the screen is drawn. */
    private static String heading(WebDriver driver) {
        return wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("main h1"))).getText();
    }

    private static void waitForHeading(WebDriver driver, String text) {
        wait(driver).until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("main h1"), text));
    }

    /** The screen passes axe-core's WCAG 2 A and AA rules (labels, names, contrast, structure); violations are listed. */
    private static void accessible(WebDriver driver, String screen) {
        Results results = new AxeBuilder().withTags(List.of("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")).analyze(driver);
        assertThat(results.getViolations()).as("accessibility of %s: %s", screen, results.getViolations().stream()
                .map(v -> v.getId() + " (" + v.getNodes().size() + "×: " + v.getNodes().get(0).getTarget() + ")").toList())
                .isEmpty();
    }

    private static void nav(WebDriver driver, String screen) {
        driver.findElement(By.cssSelector("nav a[data-nav='" + screen + "']")).click();
    }

    private static void type(WebElement input, String text) {
        input.clear();
        input.sendKeys(text);
    }

    private HttpResponse<String> signedPush(String groupId, String secret, String deliveryId) throws Exception {
        byte[] body = ("{\"ref\":\"refs/heads/main\",\"after\":\"" + UUID.randomUUID() + "\",\"compare\":\"https://github.com/acme/w/compare/a...b\","
                + "\"repository\":{\"full_name\":\"acme/w\",\"name\":\"w\",\"html_url\":\"https://github.com/acme/w\",\"owner\":{\"login\":\"acme\"}},"
                + "\"sender\":{\"login\":\"octocat\"},\"commits\":[{\"id\":\"5d6e7f8a9b\",\"message\":\"Fix\",\"url\":\"https://github.com/acme/w/commit/5d6e7f8\","
                + "\"author\":{\"name\":\"Octo\"}}]}").getBytes(StandardCharsets.UTF_8);
        return GithubWebhooks.post(base() + "/webhook/" + groupId, secret, "push", deliveryId, body);
    }

    /** Runs {@code steps}; when one fails, the screen is kept as failed-{name}.png and its text is in the failure. */
    private static void scenario(Chromium chromium, String name, Steps steps) throws Exception {
        try {
            steps.run(chromium.driver());
        } catch (Exception | AssertionError e) {
            chromium.screenshot("failed-" + name);
            String screen;
            try {
                screen = chromium.driver().findElement(By.tagName("body")).getText();
            } catch (RuntimeException unreadable) {
                screen = "(unreadable: " + unreadable + ")";
            }
            throw new AssertionError(e.getMessage() + "\n--- the screen at " + chromium.driver().getCurrentUrl() + ":\n" + screen, e);
        }
    }

    private interface Steps {
        void run(WebDriver driver) throws Exception;
    }

    @Test
    void aSuperAdminSetsUpAGroupRoutesTestsAWebhookAndReplaysAFailedDelivery() throws Exception {
        try (Chromium chromium = new Chromium("en-US")) {
            scenario(chromium, "super-admin", driver -> {
            signInAt(driver, "/admin/groups", "root");
            assertThat(heading(driver)).isEqualTo("Groups");
            chromium.screenshot("01-groups");
            accessible(driver, "groups");

            WebElement create = driver.findElement(By.id("create-group"));
            type(create.findElement(By.name("id")), "team");
            type(create.findElement(By.name("name")), "Team");
            create.findElement(By.cssSelector("button[type=submit]")).click();
            wait(driver).until(ExpectedConditions.urlToBe(base() + "/admin/groups/team"));
            waitForHeading(driver, "Team");

            driver.findElement(By.id("add-member")).click();
            WebElement settings = driver.findElement(By.id("group-settings"));
            type(settings.findElement(By.cssSelector("[data-field='members[0].login']")), "olive");
            type(settings.findElement(By.cssSelector("[data-field='members[0].userId']")), "1002");
            new Select(settings.findElement(By.cssSelector("[data-field='members[0].role']"))).selectByValue("owner");
            // a person to mention: a wrong id is marked on its field, a right one is kept
            driver.findElement(By.id("add-person")).click();
            type(settings.findElement(By.cssSelector("[data-field='people[0].github']")), "octocat");
            type(settings.findElement(By.cssSelector("[data-field='people[0].discord']")), "12");
            settings.findElement(By.cssSelector("button[type=submit]")).click();
            WebElement badId = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(
                    By.cssSelector("#group-settings [data-field='people[0].discord'][aria-invalid='true']")));
            settings = driver.findElement(By.id("group-settings"));
            badId.clear();
            type(badId, "300000000000000003");
            settings.findElement(By.cssSelector("button[type=submit]")).click();
            await().atMost(Duration.ofSeconds(10)).until(() -> snapshots.refresh().group("team").map(g -> g.members().size()).orElse(0) == 1);
            assertThat(snapshots.refresh().group("team").orElseThrow().people())
                    .containsExactly(new dev.webhooker.routing.Group.Person("octocat", java.util.Map.of("discord", "300000000000000003")));
            waitForHeading(driver, "Team");

            wait(driver).until(ExpectedConditions.elementToBeClickable(By.id("regenerate"))).click();
            String secret = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.id("webhook-secret"))).getText();
            assertThat(secret).matches("[0-9a-f]{64}");
            assertThat(driver.findElement(By.id("webhook-url")).getText()).endsWith("/webhook/team");

            new Select(driver.findElement(By.id("invite-role"))).selectByValue("viewer");
            driver.findElement(By.cssSelector("#invite-form button[type=submit]")).click();
            assertThat(wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.id("invite-url"))).getText())
                    .contains("/admin/invite?token=");
            chromium.screenshot("02-group");
            accessible(driver, "group");

            // the console asks for problem details, and a refused field is marked from their field, not from the text
            Object type = ((JavascriptExecutor) driver).executeAsyncScript("const done = arguments[arguments.length - 1];"
                    + "import('/admin/assets/api.js').then(m => m.api.get('/admin/api/groups/no-such-group'))"
                    + ".then(() => done('answered'), e => done(e.body.type + ' ' + e.message))");
            assertThat(type).isEqualTo("https://webhooker.dev/problems/not-found Group not found");
            WebElement newId = driver.findElement(By.id("new-id"));
            type(newId, "Not Valid");
            newId.findElement(By.xpath("./ancestor::form//button[@type='submit']")).click();
            wait(driver).until(ExpectedConditions.attributeToBe(newId, "aria-invalid", "true"));
            assertThat(newId.findElement(By.xpath("./ancestor::form")).findElement(By.cssSelector(".field-error")).getText())
                    .startsWith("newId is invalid: newId: lower-case letters");
            newId.clear();

            wait(driver).until(ExpectedConditions.elementToBeClickable(By.id("add-route"))).click();
            WebElement form = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".route-form")));
            type(form.findElement(By.name("id")), "pushes");
            type(form.findElement(By.name("name")), "Pushes");
            type(form.findElement(By.cssSelector("[data-field='targets[0].channelId']")), "111111111111111111");
            chromium.screenshot("03-route-editor");
            accessible(driver, "route editor");
            form.findElement(By.cssSelector("button[type=submit]")).click();
            wait(driver).until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#route-list li[data-route='pushes']")));
            // the list says what each route selects and where it sends
            assertThat(driver.findElement(By.cssSelector("#route-list li[data-route='pushes'] .route-summary")).getText())
                    .endsWith("→ discord 111111111111111111");

            // a webhook target: URL, secret and body format in the form; saved again untouched, the secret stays
            String hookSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
            wait(driver).until(ExpectedConditions.elementToBeClickable(By.id("add-route"))).click();
            WebElement hookForm = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".route-form")));
            type(hookForm.findElement(By.name("id")), "hooks");
            type(hookForm.findElement(By.name("name")), "Hooks");
            new Select(hookForm.findElement(By.cssSelector("[data-field='targets[0].platform']"))).selectByValue("webhook");
            assertThat(hookForm.findElement(By.cssSelector("[data-field='targets[0].channelId']")).isDisplayed()).isFalse();
            type(hookForm.findElement(By.cssSelector("[data-field='targets[0].url']")), "https://ci.example.com/in");
            type(hookForm.findElement(By.cssSelector("[data-field='targets[0].secret']")), hookSecret);
            new Select(hookForm.findElement(By.cssSelector("[data-field='targets[0].format']"))).selectByValue("message");
            hookForm.findElement(By.cssSelector("button[type=submit]")).click();
            wait(driver).until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#route-list li[data-route='hooks']")));
            await().atMost(Duration.ofSeconds(10)).until(() -> snapshots.refresh().routesOf("team").stream()
                    .anyMatch(r -> r.id().equals("hooks")));
            WebhookTarget hook = (WebhookTarget) snapshots.current().routesOf("team").stream().filter(r -> r.id().equals("hooks"))
                    .findFirst().orElseThrow().targets().get(0);
            assertThat(hook.webhook().url()).isEqualTo("https://ci.example.com/in");
            assertThat(hook.webhook().secrets()).containsExactly(hookSecret);
            assertThat(hook.webhook().format()).isEqualTo(WebhookTarget.BodyFormat.MESSAGE);
            assertThat(driver.getPageSource()).doesNotContain(hookSecret);

            driver.findElement(By.cssSelector("#route-list li[data-route='hooks'] .edit")).click();
            WebElement again = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".route-form")));
            WebElement secretBox = again.findElement(By.cssSelector("[data-field='targets[0].secret']"));
            assertThat(secretBox.getDomProperty("value")).isEmpty();
            assertThat(secretBox.getDomAttribute("placeholder")).contains("unchanged");
            type(again.findElement(By.name("name")), "Hooks again");
            // the timeout and the static headers have their boxes too; the browser holds back a timeout over 30 s
            WebElement timeoutBox = again.findElement(By.cssSelector("[data-field='targets[0].timeoutSeconds']"));
            type(timeoutBox, "99");
            type(again.findElement(By.cssSelector("[data-field='targets[0].headers']")), "X-Team: widgets\nX-Env: ci");
            again.findElement(By.cssSelector("button[type=submit]")).click();
            assertThat((Boolean) ((org.openqa.selenium.JavascriptExecutor) driver).executeScript(
                    "return arguments[0].validity.rangeOverflow", timeoutBox)).isTrue();
            assertThat(snapshots.refresh().routesOf("team").stream().noneMatch(r -> r.name().equals("Hooks again")))
                    .as("not saved").isTrue();
            type(timeoutBox, "7");
            again.findElement(By.cssSelector("button[type=submit]")).click();
            await().atMost(Duration.ofSeconds(10)).until(() -> snapshots.refresh().routesOf("team").stream()
                    .anyMatch(r -> r.name().equals("Hooks again")));
            WebhookTarget.Webhook saved = ((WebhookTarget) snapshots.current().routesOf("team").stream()
                    .filter(r -> r.id().equals("hooks")).findFirst().orElseThrow().targets().get(0)).webhook();
            assertThat(saved.secrets()).containsExactly(hookSecret);
            assertThat(saved.timeoutSeconds()).isEqualTo(7);
            assertThat(saved.headers()).containsExactly(java.util.Map.entry("X-Team", "widgets"), java.util.Map.entry("X-Env", "ci"));

            // a Camel endpoint: a component the operator did not allow is marked on its field; an allowed one is saved
            // with its password sealed, and comes back to the form sealed, not in clear
            wait(driver).until(ExpectedConditions.elementToBeClickable(By.id("add-route"))).click();
            WebElement busForm = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".route-form")));
            type(busForm.findElement(By.name("id")), "bus");
            type(busForm.findElement(By.name("name")), "Bus");
            new Select(busForm.findElement(By.cssSelector("[data-field='targets[0].platform']"))).selectByValue("camel");
            assertThat(busForm.findElement(By.cssSelector("[data-field='targets[0].url']")).isDisplayed()).isFalse();
            WebElement uriBox = busForm.findElement(By.cssSelector("[data-field='targets[0].uri']"));
            type(uriBox, "kafka:events?brokers=127.0.0.1:9092");
            busForm.findElement(By.cssSelector("button[type=submit]")).click();
            wait(driver).until(d -> "true".equals(uriBox.getDomAttribute("aria-invalid")));
            assertThat(busForm.getText()).contains("CAMEL_TARGET_SCHEMES");
            type(uriBox, "nats:events?servers=127.0.0.1:4222&password=hunter2");
            busForm.findElement(By.cssSelector("[data-field='targets[0].keyed']")).click();
            busForm.findElement(By.cssSelector("button[type=submit]")).click();
            wait(driver).until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#route-list li[data-route='bus']")));
            String busTargets = jdbc.queryForObject("SELECT targets FROM d1_routes WHERE id = 'bus'", String.class);
            assertThat(busTargets).contains("\"platform\":\"camel\"", "nats:events?servers=127.0.0.1:4222&password=v1:",
                    "\"keyed\":true").doesNotContain("hunter2");
            driver.findElement(By.cssSelector("#route-list li[data-route='bus'] .edit")).click();
            WebElement busAgain = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".route-form")));
            assertThat(busAgain.findElement(By.cssSelector("[data-field='targets[0].uri']")).getDomProperty("value"))
                    .startsWith("nats:events?servers=127.0.0.1:4222&password=v1:");
            assertThat(busAgain.findElement(By.cssSelector("[data-field='targets[0].keyed']")).isSelected()).isTrue();
            assertThat(driver.getPageSource()).doesNotContain("hunter2");
            // saved again untouched: the sealed password goes back as it came and still opens
            type(busAgain.findElement(By.name("name")), "Bus again");
            busAgain.findElement(By.cssSelector("button[type=submit]")).click();
            await().atMost(Duration.ofSeconds(10)).until(() -> snapshots.refresh().routesOf("team").stream()
                    .anyMatch(r -> r.name().equals("Bus again")));
            assertThat(snapshots.current().routesOf("team").stream().filter(r -> r.id().equals("bus")).findFirst().orElseThrow()
                    .targets().get(0).toString()).startsWith("Target[camel nats#");
            assertThat(jdbc.queryForObject("SELECT targets FROM d1_routes WHERE id = 'bus'", String.class))
                    .contains("password=v1:").doesNotContain("hunter2");

            // a Slack channel of the bot and a Teams workflow, in the same form (the saved route's list is drawn anew first)
            wait(driver).until(ExpectedConditions.elementToBeClickable(By.id("add-route"))).click();
            WebElement chatForm = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".route-form")));
            type(chatForm.findElement(By.name("id")), "chat");
            type(chatForm.findElement(By.name("name")), "Chat");
            new Select(chatForm.findElement(By.cssSelector("[data-field='targets[0].platform']"))).selectByValue("slack");
            assertThat(chatForm.findElement(By.cssSelector("[data-field='targets[0].secret']")).isDisplayed()).isFalse();
            type(chatForm.findElement(By.cssSelector("[data-field='targets[0].channelId']")), "#general");
            chatForm.findElement(By.cssSelector("button[type=submit]")).click();
            WebElement channelBox = chatForm.findElement(By.cssSelector("[data-field='targets[0].channelId']"));
            wait(driver).until(ExpectedConditions.attributeToBe(channelBox, "aria-invalid", "true"));
            assertThat(chatForm.findElement(By.cssSelector(".field-error")).getText()).contains("Slack channel id");
            type(channelBox, "C0123ABCD");
            // a thread per pull request in that channel
            chatForm.findElement(By.cssSelector("[data-field='targets[0].threads']")).click();
            chatForm.findElement(By.cssSelector("button.add-target")).click();
            new Select(chatForm.findElement(By.cssSelector("[data-field='targets[1].platform']"))).selectByValue("teams");
            type(chatForm.findElement(By.cssSelector("[data-field='targets[1].url']")), "https://example.com/workflows/1");
            chatForm.findElement(By.cssSelector("button[type=submit]")).click();
            await().atMost(Duration.ofSeconds(10)).until(() -> snapshots.refresh().routesOf("team").stream()
                    .anyMatch(r -> r.id().equals("chat")));
            assertThat(snapshots.current().routesOf("team").stream().filter(r -> r.id().equals("chat")).findFirst().orElseThrow()
                    .targets()).containsExactly(new SlackTarget("C0123ABCD", null, null, true),
                    TeamsTarget.posting("https://example.com/workflows/1"));

            // a disabled endpoint: shown with its reason on the Targets screen, and re-enabled there
            jdbc.update("INSERT INTO target_health (target_id, platform, failing_since, failures, last_failure_at, last_error,"
                    + " disabled_at, disabled_reason) VALUES (?, 'webhook', ?, 12, ?, 'HTTP 500: down', ?, 'the endpoint answered"
                    + " 410 Gone: HTTP 410')", hook.id(), System.currentTimeMillis() - 3_600_000, System.currentTimeMillis(),
                    System.currentTimeMillis());
            nav(driver, "targets");
            waitForHeading(driver, "Failing targets");
            WebElement health = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#target-health table")));
            assertThat(health.getText()).contains(hook.id(), "410 Gone", "HTTP 500: down", "team / Hooks again");
            chromium.screenshot("04b-targets");
            accessible(driver, "targets");
            health.findElement(By.cssSelector("button.enable")).click();
            wait(driver).until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("main .notice"), "Re-enabled"));
            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM target_health", Integer.class)).isZero();
            wait(driver).until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("#target-health"), "No failing target"));
            driver.navigate().to(base() + "/admin/groups/team");
            waitForHeading(driver, "Team");

            driver.findElement(By.id("yaml-view")).click();
            WebElement yaml = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.id("routes-yaml")));
            assertThat(yaml.getDomProperty("value")).contains("pushes");
            ((JavascriptExecutor) driver).executeScript("arguments[0].value = arguments[1];", yaml, """
                    routes:
                      - id: "pushes"
                        name: "Pushes"
                        enabled: true
                        filters: [{type: event, match: push}]
                        targets: [{platform: discord, channelId: "111111111111111111"}]
                      - id: "releases"
                        name: "Releases"
                        enabled: true
                        filters: [{type: event, match: release}]
                        targets: [{platform: discord, channelId: "222222222222222222"}]
                    """);
            driver.findElement(By.id("yaml-validate")).click();
            wait(driver).until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("#route-editor .notice"), "2 route(s)"));
            chromium.screenshot("04-routes-yaml");
            driver.findElement(By.id("yaml-apply")).click();
            wait(driver).until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#route-list li[data-route='releases']")));

            // the order by keyboard: ↓ on the first route moves it after the second, and the service has it so
            driver.findElement(By.cssSelector("#route-list li[data-route='pushes'] .move-down")).click();
            wait(driver).until(d -> "releases".equals(d.findElements(By.cssSelector("#route-list li")).get(0).getDomAttribute("data-route")));
            await().atMost(Duration.ofSeconds(10)).until(() -> snapshots.refresh().routesOf("team").get(0).id().equals("releases"));

            // an error that names a field is shown next to that field
            driver.findElement(By.cssSelector("#route-list li[data-route='releases'] .edit")).click();
            WebElement releases = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".route-form")));
            WebElement match = releases.findElement(By.cssSelector("[data-field='filters[0].match']"));
            type(match, "/(unclosed/");
            releases.findElement(By.cssSelector("button[type=submit]")).click();
            WebElement note = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".route-form .filter .field-error")));
            assertThat(note.getText()).contains("invalid regular expression");
            assertThat(match.getDomAttribute("aria-invalid")).isEqualTo("true");
            chromium.screenshot("04b-field-error");

            nav(driver, "tester");
            waitForHeading(driver, "Route tester");
            new Select(driver.findElement(By.id("sample"))).selectByValue("push");
            new Select(driver.findElement(By.id("tester-group"))).selectByValue("team");
            driver.findElement(By.cssSelector("main form button[type=submit]")).click();
            WebElement fired = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("article.fired[data-route='pushes']")));
            assertThat(fired.findElement(By.cssSelector(".discord-embed")).getText()).contains("acme/widgets");
            assertThat(driver.findElement(By.id("tester-result")).getText()).contains("Releases", "refuses");
            chromium.screenshot("05-tester");
            accessible(driver, "tester");

            String deliveryId = UUID.randomUUID().toString();
            assertThat(signedPush("team", secret, deliveryId).statusCode()).isEqualTo(200);
            await().atMost(Duration.ofSeconds(20)).until(() -> "failed".equals(jdbc.queryForList(
                    "SELECT status FROM delivery_state WHERE delivery_id = ?", String.class, deliveryId).stream().findFirst().orElse(null)));
            nav(driver, "deliveries");
            // found by its repository and event; another repository finds nothing
            WebElement repo = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#delivery-search input[name=repo]")));
            repo.sendKeys("acme/nothing");
            driver.findElement(By.cssSelector("#delivery-search button[type=submit]")).click();
            wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#recent-deliveries p.empty")));
            assertThat(driver.getCurrentUrl()).contains("repo=acme%2Fnothing");
            repo = driver.findElement(By.cssSelector("#delivery-search input[name=repo]"));
            repo.clear();
            repo.sendKeys("acme/w");
            driver.findElement(By.cssSelector("#delivery-search input[name=event]")).sendKeys("push");
            driver.findElement(By.cssSelector("#delivery-search button[type=submit]")).click();
            wait(driver).until(ExpectedConditions.elementToBeClickable(By.cssSelector("#recent-deliveries a[href='/admin/deliveries/" + deliveryId + "']")))
                    .click();
            wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("article.delivery .status-failed")));
            // what came in, what was sent, and what Discord answered
            driver.findElement(By.cssSelector("article.delivery details.payload summary")).click();
            assertThat(driver.findElement(By.cssSelector("article.delivery details.payload pre")).getText())
                    .contains("\"full_name\": \"acme/w\"", "\"login\": \"octocat\"");
            WebElement call = driver.findElement(By.cssSelector("details.call"));
            assertThat(call.findElement(By.tagName("summary")).getText()).contains("POST " + DISCORD.baseUrl() + "/channels/", "→ 404");
            call.findElement(By.tagName("summary")).click();
            assertThat(call.findElement(By.cssSelector("pre.request")).getText()).contains("\"embeds\"", "acme/w");
            assertThat(call.findElement(By.cssSelector("pre.answer")).getText()).contains("HTTP 404", "Unknown Channel");
            assertThat(driver.findElement(By.tagName("main")).getText()).doesNotContain("bot-token");
            chromium.screenshot("06-delivery-failed");
            DISCORD.resetAll();
            DISCORD.stubFor(post(urlMatching("/channels/.*/messages")).willReturn(okJson("{\"id\":\"9001\"}")));
            driver.findElement(By.cssSelector("article.delivery button.primary")).click();
            wait(driver).until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("main .notice"), "1 target"));
            wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("article.delivery h2 .status-delivered")));
            chromium.screenshot("07-delivery-replayed");
            accessible(driver, "delivery");

            nav(driver, "audit");
            waitForHeading(driver, "Audit");
            wait(driver).until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("main table"), "delivery.replay"));
            assertThat(driver.findElement(By.cssSelector("main table")).getText()).contains("group.create", "route.create", "webhook.secret.regenerate");
            chromium.screenshot("08-audit");
            accessible(driver, "audit");

            nav(driver, "logs");
            waitForHeading(driver, "Send logs");
            assertThat(wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("main table"))).getText()).contains("pushes");
            // a row's detail: its fields, then the request it made and what the platform answered
            driver.findElement(By.cssSelector("main table tbody tr button.link")).click();
            WebElement logDetail = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#log-detail details.call pre.answer")));
            assertThat(logDetail.getText()).startsWith("HTTP ");
            assertThat(driver.findElement(By.id("log-detail")).getText()).doesNotContain("[object Object]").doesNotContain("bot-token");
            chromium.screenshot("09-logs");
            accessible(driver, "logs");

            nav(driver, "overview");
            waitForHeading(driver, "Overview");
            wait(driver).until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("svg.chart rect.ok")));
            chromium.screenshot("10-overview");
            accessible(driver, "overview");
            nav(driver, "metrics");
            waitForHeading(driver, "Metrics");
            chromium.screenshot("11-metrics");
            accessible(driver, "metrics");

            new Select(driver.findElement(By.id("lang"))).selectByValue("zh");
            wait(driver).until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("nav a[data-nav='overview']"), "概览"));
            waitForHeading(driver, "指标");
            chromium.screenshot("12-chinese");
            });
        }
    }

    @Test
    void aTargetWaitingForItsChatIsShownAndASuperAdminApprovesTheChat() throws Exception {
        repository.replaceAll(List.of(new Group("base", "Base", List.of(new Group.Member("olive", "owner", "1002")), List.of(), List.of(),
                List.of(), null, true, List.of(), null, null, false)), List.of(new Route("news", "base", "News", true,
                List.of(new Filter("event", List.of("push"), false)), null, List.of(new DiscordTarget("777777777777777777", null)), false, false,
                List.of())));
        // as if a group admin had written it: the channel has not claimed the group
        jdbc.update("DELETE FROM chat_claims WHERE group_id = 'base'");
        snapshots.refresh();
        try (Chromium chromium = new Chromium("en-US")) {
            scenario(chromium, "chats", driver -> {
            signInAt(driver, "/admin/groups/base", "root");
            WebElement chats = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.id("chats")));
            assertThat(chats.getText()).contains("Targets waiting for their chat").contains("777777777777777777")
                    .contains("route news, target 1");
            assertThat(driver.findElement(By.cssSelector("#route-list .badge.waiting")).getText()).isEqualTo("1 waiting for the chat");

            driver.findElement(By.id("claim-code")).click();
            WebElement command = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.id("claim-command")));
            assertThat(command.getText()).matches("/gh claim [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}");

            type(driver.findElement(By.id("approve-chat")), "777777777777777777");
            driver.findElement(By.cssSelector("#approve-chat-form button[type=submit]")).click();
            wait(driver).until(ExpectedConditions.textToBePresentInElementLocated(By.id("chats"), "None: every chat target is accepted."));
            assertThat(driver.findElement(By.id("chats")).getText()).contains("by a super admin (root)").doesNotContain("Invalid");
            assertThat(driver.findElements(By.cssSelector("#route-list .badge.waiting"))).as("the route waits no more").isEmpty();
            chromium.screenshot("25-chats");
            accessible(driver, "group chats");
            });
        }
        assertThat(snapshots.current().consent().allows("base", new DiscordTarget("777777777777777777", null))).isTrue();
    }

    @Test
    void theGroupFormKeepsAndSetsATelegramOrDiscordLogAnyLanguageAndTheGates() throws Exception {
        repository.replaceAll(List.of(new Group("base", "Base", List.of(new Group.Member("olive", "owner", "1002")), List.of(),
                List.of("acme"), List.of("gitea"), 42L, true, List.of(new Group.ForgeSource("git.example.org", "gitea", "Example")), "pt-BR",
                new TelegramTarget("-1001234567890", "7"), false)), List.of());
        snapshots.refresh();
        try (Chromium chromium = new Chromium("en-US")) {
            scenario(chromium, "group-form", driver -> {
            signInAt(driver, "/admin/groups/base", "root");
            WebElement form = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.id("group-settings")));
            assertThat(form.findElement(By.id("log-chat")).getAttribute("value")).isEqualTo("-1001234567890");
            assertThat(form.findElement(By.id("log-thread")).getAttribute("value")).isEqualTo("7");
            type(form.findElement(By.name("name")), "Base team");
            form.findElement(By.cssSelector("button[type=submit]")).click();
            wait(driver).until(d -> snapshots.current().group("base").map(Group::name).orElse("").equals("Base team"));
            Group saved = snapshots.current().group("base").orElseThrow();
            assertThat(saved.logTarget()).as("a save keeps the Telegram log and its topic").isEqualTo(new TelegramTarget("-1001234567890", "7"));
            assertThat(saved.lang()).isEqualTo("pt-BR");
            assertThat(saved.owners()).containsExactly("acme");
            assertThat(saved.providers()).containsExactly("gitea");
            assertThat(saved.installationId()).isEqualTo(42L);
            assertThat(saved.forgeSources()).containsExactly(new Group.ForgeSource("git.example.org", "gitea", "Example"));

            heading(driver);
            form = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.id("group-settings")));
            new org.openqa.selenium.support.ui.Select(form.findElement(By.id("log-platform"))).selectByValue("discord");
            type(form.findElement(By.id("log-chat")), "222222222222222222");
            type(form.findElement(By.id("log-thread")), "333333333333333333");
            type(form.findElement(By.id("group-owners")), "acme, widgets-inc");
            form.findElement(By.cssSelector("button[type=submit]")).click();
            wait(driver).until(d -> snapshots.current().group("base").map(g -> g.owners().size() == 2).orElse(false));
            assertThat(snapshots.current().group("base").orElseThrow().logTarget())
                    .isEqualTo(new DiscordTarget("222222222222222222", "333333333333333333"));
            chromium.screenshot("26-group-form");
            accessible(driver, "group form");
            });
        }
    }

    @Test
    void papercutsStayFixed() throws Exception {
        // a long note on an invite of group base
        repository.replaceAll(List.of(new Group("base", "Base", List.of(new Group.Member("root", "owner", "9919")), List.of(), List.of(),
                List.of(), null, true, List.of(), null, null, false)), List.of());
        snapshots.refresh();
        try (Chromium chromium = new Chromium("en-US")) {
            scenario(chromium, "papercuts", driver -> {
            org.openqa.selenium.JavascriptExecutor js = (org.openqa.selenium.JavascriptExecutor) driver;
            signInAt(driver, "/admin/groups", "root");
            // the heading that took the focus for screen readers shows no focus ring
            assertThat(js.executeScript("return document.activeElement === document.querySelector('main h1') ? "
                    + "getComputedStyle(document.activeElement).outlineStyle : 'not focused'")).isIn("none", "not focused");
            // the group id's pattern compiles, so the browser checks it before the server does
            WebElement id = driver.findElement(By.cssSelector("#create-group [name=id]"));
            type(id, "Bad_Id");
            assertThat(js.executeScript("return arguments[0].validity.patternMismatch", id)).isEqualTo(true);
            type(id, "good-id-1");
            assertThat(js.executeScript("return arguments[0].validity.patternMismatch", id)).isEqualTo(false);

            driver.get(base() + "/admin/groups/base");
            waitForHeading(driver, "Base");
            new Select(driver.findElement(By.id("invite-role"))).selectByValue("viewer");
            WebElement note = driver.findElement(By.cssSelector("#invites [data-field='note']"));
            type(note, "x".repeat(200));
            driver.findElement(By.cssSelector("#invites button[type=submit]")).click();
            wait(driver).until(ExpectedConditions.textToBePresentInElementLocated(By.id("invites"), "xxxxxxxxxx"));
            assertThat((Long) js.executeScript("return document.documentElement.scrollWidth - window.innerWidth"))
                    .as("a long note wraps instead of widening the page").isLessThanOrEqualTo(0L);

            // a second new secret is asked about first; dismissed, the first one stays
            wait(driver).until(ExpectedConditions.elementToBeClickable(By.id("regenerate"))).click();
            String secret = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.id("webhook-secret"))).getText();
            driver.findElement(By.id("regenerate")).click();
            String question = wait(driver).until(ExpectedConditions.alertIsPresent()).getText();
            assertThat(question).contains("Senders still signing with the current one are refused");
            driver.switchTo().alert().dismiss();
            assertThat(driver.findElement(By.id("webhook-secret")).getText()).isEqualTo(secret);

            // the tester's old result goes when a new run fails
            driver.get(base() + "/admin/tester");
            waitForHeading(driver, "Route tester");
            new Select(driver.findElement(By.id("sample"))).selectByValue("push");
            driver.findElement(By.cssSelector("main form button[type=submit]")).click();
            wait(driver).until(ExpectedConditions.textToBePresentInElementLocated(By.id("tester-result"), "Routes that do not fire"));
            type(driver.findElement(By.id("tester-payload")), "{not json");
            driver.findElement(By.cssSelector("main form button[type=submit]")).click();
            wait(driver).until(ExpectedConditions.attributeToBe(By.id("tester-payload"), "aria-invalid", "true"));
            assertThat(driver.findElement(By.id("tester-result")).getText()).isEmpty();
            });
        }
    }

    @Test
    void aUserMakesAnAdminApiTokenSeesItOnceUsesItAndRevokesIt() throws Exception {
        try (Chromium chromium = new Chromium("en-US")) {
            scenario(chromium, "tokens", driver -> {
            signInAt(driver, "/admin/tokens", "vera");
            waitForHeading(driver, "API tokens");
            WebElement form = driver.findElement(By.cssSelector("form.token-form"));
            type(form.findElement(By.name("name")), "nightly export");
            form.findElement(By.cssSelector("button[type=submit]")).click();
            String value = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#new-token .token-value")))
                    .getText();
            assertThat(value).startsWith("wht_");
            accessible(driver, "tokens");

            // the token reads the admin API as vera: her one group
            HttpResponse<String> groups = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                            java.net.URI.create(base() + "/admin/api/groups")).header("Authorization", "Bearer " + value).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(groups.statusCode()).isEqualTo(200);
            assertThat(groups.body()).contains("\"base\"");

            driver.navigate().refresh();
            WebElement revoke = wait(driver).until(ExpectedConditions.elementToBeClickable(By.cssSelector("#token-list button.revoke")));
            assertThat(driver.findElement(By.id("token-list")).getText()).contains("nightly export", "admin:read")
                    .doesNotContain(value);
            revoke.click();
            wait(driver).until(ExpectedConditions.alertIsPresent()).accept();
            wait(driver).until(ExpectedConditions.textToBePresentInElementLocated(By.id("token-list"), "expired or revoked"));
            assertThat(java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                            java.net.URI.create(base() + "/admin/api/groups")).header("Authorization", "Bearer " + value).build(),
                    HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(401);
            });
        }
    }

    @Test
    void aViewerSeesTheGroupButEveryControlThatWouldChangeItIsDisabledWithTheReason() throws Exception {
        try (Chromium chromium = new Chromium("en-US")) {
            scenario(chromium, "viewer", driver -> {
            signInAt(driver, "/admin/groups/base", "vera");
            WebElement settings = wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.id("group-settings")));
            assertThat(settings.findElement(By.cssSelector(".readonly")).getText()).contains("viewer");
            assertThat(settings.findElement(By.cssSelector("button[type=submit]")).isEnabled()).isFalse();
            assertThat(settings.findElement(By.name("name")).isEnabled()).isFalse();
            assertThat(driver.findElement(By.id("add-route")).isEnabled()).isFalse();
            assertThat(driver.findElements(By.id("webhook"))).as("the endpoint panel is for owners").isEmpty();
            assertThat(driver.findElements(By.id("create-group"))).isEmpty();
            chromium.screenshot("20-viewer");
            accessible(driver, "read-only group");
            });
        }
    }

    @Test
    void deepLinksSurviveAReloadBackAndForwardWorkAndALostSessionComesBackToTheSameScreen() throws Exception {
        try (Chromium chromium = new Chromium("zh-CN")) {
            scenario(chromium, "deep-links", driver -> {
            signInAt(driver, "/admin/logs", "root");
            assertThat(heading(driver)).as("the browser's language").isEqualTo("发送日志");
            nav(driver, "audit");
            waitForHeading(driver, "审计");
            assertThat(driver.getCurrentUrl()).isEqualTo(base() + "/admin/audit");
            driver.navigate().back();
            waitForHeading(driver, "发送日志");
            assertThat(driver.getCurrentUrl()).isEqualTo(base() + "/admin/logs");
            driver.navigate().forward();
            waitForHeading(driver, "审计");
            driver.navigate().refresh();
            waitForHeading(driver, "审计");

            driver.manage().deleteCookieNamed("wh_admin_session");
            nav(driver, "groups");
            // the API answers 401: sign in again (GitHub answers at once here) and land on the same screen
            wait(driver).until(ExpectedConditions.urlToBe(base() + "/admin/groups"));
            waitForHeading(driver, "分组");
            assertThat(driver.manage().getCookieNamed("wh_admin_session")).isNotNull();
            });
        }
    }

    @Test
    void anInviteeSignsInFromTheLinkJoinsAfterConfirmingAndSeesTheGroup() throws Exception {
        GITHUB.user("olive", 1002, "olive");
        GITHUB.user("newbie", 1010, "newbie");
        Browser olive = new Browser(port);
        FakeGithub.signIn(olive, "olive", null);
        String url = FakeGithub.parse(olive.json("POST", "/admin/api/groups/base/invites", "{\"role\":\"admin\"}").body()).path("url").asText();
        try (Chromium chromium = new Chromium("en-US")) {
            scenario(chromium, "invitee", driver -> {
                GITHUB.authorizesAs(base(), "newbie");
                driver.get(base() + url);
                // not signed in: straight to GitHub and back to the invite, which waits for the button
                wait(driver).until(ExpectedConditions.elementToBeClickable(By.cssSelector("form[action='/admin/invite/accept'] button"))).click();
                wait(driver).until(ExpectedConditions.urlToBe(base() + "/admin?invite=ok"));
                wait(driver).until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("main .notice"), "joined"));
                nav(driver, "groups");
                wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("main a[href='/admin/groups/base']")));
                assertThat(driver.findElement(By.cssSelector("main table")).getText()).contains("admin");
                chromium.screenshot("21-invitee");
            });
        }
    }

    @Test
    void aSignInWithoutAnyGroupIsToldSo() throws Exception {
        GITHUB.user("stranger", 1099, "stranger");
        try (Chromium chromium = new Chromium("en-US")) {
            scenario(chromium, "stranger", driver -> {
                GITHUB.authorizesAs(base(), "stranger");
                driver.get(base() + "/admin/overview");
                wait(driver).until(ExpectedConditions.elementToBeClickable(By.id("sign-in"))).click();
                assertThat(wait(driver).until(ExpectedConditions.visibilityOfElementLocated(By.id("denied"))).getText()).contains("no group");
            });
        }
    }

    @Test
    void theConsolePageAllowsNoInlineScriptAndASignedOutVisitorGetsTheSignInScreen() {
        Browser browser = new Browser(port);
        HttpResponse<String> signedOut = browser.get("/admin/deliveries/abc");
        assertThat(signedOut.statusCode()).isEqualTo(200);
        assertThat(signedOut.body()).contains("id=\"sign-in\"", "/auth/github?redirect=%2Fadmin%2Fdeliveries%2Fabc")
                .doesNotContain("<script");
        assertThat(signedOut.headers().firstValue("Content-Security-Policy").orElseThrow()).startsWith("default-src 'none'");
        FakeGithub.signIn(browser, "root", null);
        HttpResponse<String> page = browser.get("/admin/groups/base");
        assertThat(page.headers().firstValue("Content-Security-Policy").orElseThrow())
                .contains("script-src 'self'").doesNotContain("unsafe-inline");
        assertThat(page.body()).contains("<script type=\"module\" src=\"/admin/assets/app.js\"></script>")
                .doesNotContainPattern("<script(?![^>]*\\ssrc=)");
        assertThat(browser.get("/admin/assets/app.js").statusCode()).isEqualTo(200);
    }
}

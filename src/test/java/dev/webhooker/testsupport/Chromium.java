package dev.webhooker.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The machine's headless Chromium (Debian's chromium and chromium-driver, which .ci/run installs), driven
 * through chromedriver: no browser or driver is downloaded. Each instance has a fresh profile, so no cookie
 * survives from one to the next. Screenshots go to target/console-screenshots/.
 */
public final class Chromium implements AutoCloseable {

    static final Path BROWSER = Path.of(System.getenv().getOrDefault("WEBHOOKER_TEST_CHROMIUM", "/usr/bin/chromium"));
    static final Path DRIVER = Path.of(System.getenv().getOrDefault("WEBHOOKER_TEST_CHROMEDRIVER", "/usr/bin/chromedriver"));
    static final Path SCREENSHOTS = Path.of("target", "console-screenshots");

    private final ChromeDriver driver;
    private final Path profile;

    public Chromium(String language) {
        if (!Files.isExecutable(BROWSER) || !Files.isExecutable(DRIVER)) {
            throw new IllegalStateException("the console tests need " + BROWSER + " and " + DRIVER
                    + " (Debian packages chromium and chromium-driver; bash .ci/run installs them)");
        }
        try {
            profile = Files.createTempDirectory("webhooker-chromium");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BROWSER.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                "--window-size=1280,1000", "--lang=" + language, "--user-data-dir=" + profile);
        options.setExperimentalOption("prefs", java.util.Map.of("intl.accept_languages", language));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().implicitlyWait(Duration.ZERO);
    }

    public ChromeDriver driver() {
        return driver;
    }

    /** Saves what the browser shows as target/console-screenshots/{name}.png. */
    public void screenshot(String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
            Files.write(SCREENSHOTS.resolve(name + ".png"), ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        driver.quit();
        try (var files = Files.walk(profile)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary profile is harmless
        }
    }
}

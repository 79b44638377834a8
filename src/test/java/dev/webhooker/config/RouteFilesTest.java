package dev.webhooker.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RouteFilesTest {

    private static final ClassLoader LOADER = RouteFilesTest.class.getClassLoader();
    private static final String ROUTE = "- route:\n    id: extra\n    from:\n      uri: timer:x\n      steps: []\n";

    @TempDir
    Path dir;

    @Test
    void thePackagedRoutesComeFromTheClassPath() {
        RouteFiles files = RouteFiles.resolve(null, LOADER);

        assertThat(files.packaged()).containsExactly("delivery.camel.yaml", "health.camel.yaml", "ingress.camel.yaml",
                "maintenance.camel.yaml");
        assertThat(files.includePattern()).isEqualTo("classpath:routes/delivery.camel.yaml,classpath:routes/health.camel.yaml,"
                + "classpath:routes/ingress.camel.yaml,classpath:routes/maintenance.camel.yaml");
    }

    @Test
    void aDirectoryAddsFilesAndReplacesPackagedOnesOfTheSameName() throws Exception {
        Files.writeString(dir.resolve("extra.camel.yaml"), ROUTE);
        Files.writeString(dir.resolve("health.camel.yaml"), ROUTE.replace("extra", "my-health"));
        Files.writeString(dir.resolve("notes.txt"), "not a route file");

        RouteFiles files = RouteFiles.resolve(dir.toString(), LOADER);

        assertThat(files.includePattern()).isEqualTo("classpath:routes/delivery.camel.yaml,classpath:routes/ingress.camel.yaml,"
                + "classpath:routes/maintenance.camel.yaml,file:" + dir.resolve("extra.camel.yaml") + ",file:"
                + dir.resolve("health.camel.yaml"));
        assertThat(files.describe()).endsWith("from " + dir + ": added extra.camel.yaml; replacing the packaged health.camel.yaml");
    }

    @Test
    void aBadDirectoryOrFileStopsStartUpNamingIt() throws Exception {
        assertThatThrownBy(() -> RouteFiles.resolve(dir.resolve("missing").toString(), LOADER))
                .hasMessage("WEBHOOKER_ROUTES_DIR: \"" + dir.resolve("missing") + "\" is not a directory");
        assertThatThrownBy(() -> RouteFiles.resolve(dir.toString(), LOADER))
                .hasMessage("WEBHOOKER_ROUTES_DIR: " + dir + " holds no *.camel.yaml file");

        Files.writeString(dir.resolve("broken.camel.yaml"), "- route:\n  id: [unclosed\n");
        assertThatThrownBy(() -> RouteFiles.resolve(dir.toString(), LOADER))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageStartingWith("WEBHOOKER_ROUTES_DIR: broken.camel.yaml: malformed YAML at line ");

        Files.writeString(dir.resolve("broken.camel.yaml"), "route: {}\n");
        assertThatThrownBy(() -> RouteFiles.resolve(dir.toString(), LOADER))
                .hasMessage("WEBHOOKER_ROUTES_DIR: broken.camel.yaml: must be a YAML list such as \"- route: {...}\"");
    }
}

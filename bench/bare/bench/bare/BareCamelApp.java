package bench.bare;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The "bare Camel app" the benchmark compares start-up time and RSS with: Spring Boot + Camel with the
 * same jar, libraries and JVM options as webhooker, but none of webhooker's beans (this package is not
 * scanned from dev.webhooker) and no storage auto-configuration (see bare-app.yaml); its only route is
 * bench/routes/bare.camel.yaml. Started by bench/run.sh through the jar's PropertiesLauncher.
 */
@SpringBootApplication
public class BareCamelApp {
    public static void main(String[] args) {
        SpringApplication.run(BareCamelApp.class, args);
    }
}

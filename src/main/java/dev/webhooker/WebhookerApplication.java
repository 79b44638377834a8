package dev.webhooker;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

import dev.webhooker.config.TermSignal;

@SpringBootApplication
@ConfigurationPropertiesScan
public class WebhookerApplication {

    public static void main(String[] args) {
        TermSignal.exitCleanly();
        SpringApplication.run(WebhookerApplication.class, args);
    }
}

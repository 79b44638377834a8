package dev.webhooker;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

import dev.webhooker.cli.Commands;
import dev.webhooker.config.TermSignal;
import dev.webhooker.platform.CommonPoolSize;

@SpringBootApplication
@ConfigurationPropertiesScan
public class WebhookerApplication {

    public static void main(String[] args) {
        CommonPoolSize.atLeastTwoThreads();
        if (Commands.isCommand(args)) {
            // export-config and the like: a headless start, the work, and the exit status
            System.exit(Commands.run(args));
        }
        TermSignal.exitCleanly();
        SpringApplication.run(WebhookerApplication.class, args);
    }
}

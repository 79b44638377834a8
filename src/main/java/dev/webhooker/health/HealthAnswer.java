package dev.webhooker.health;

import java.util.Map;

import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.springframework.stereotype.Component;

/** The Camel-facing step of the health route: runs the checks and sets status code and body. */
@Component("healthAnswer")
class HealthAnswer {

    private final HealthService health;

    public HealthAnswer(HealthService health) {
        this.health = health;
    }

    public Map<String, Object> respond(Message message) {
        HealthReport report = health.check();
        message.setHeader(Exchange.HTTP_RESPONSE_CODE, report.httpStatus());
        return report.body();
    }
}

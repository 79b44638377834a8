package dev.webhooker.testsupport;

import java.util.List;
import java.util.Map;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.slf4j.LoggerFactory;

/** Collects what one class (or logger name) logs, for tests that check the log lines code writes. */
public final class LogCapture implements AutoCloseable {

    private final Logger logger;
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    public LogCapture(Class<?> type) {
        this(type.getName());
    }

    public LogCapture(String loggerName) {
        logger = (Logger) LoggerFactory.getLogger(loggerName);
        appender.start();
        logger.addAppender(appender);
    }

    /** "LEVEL message" per line, in order. */
    public List<String> lines() {
        return events().stream().map(e -> e.getLevel() + " " + e.getFormattedMessage()).toList();
    }

    /** The MDC of each line, in order. */
    public List<Map<String, String>> mdc() {
        return events().stream().map(ILoggingEvent::getMDCPropertyMap).toList();
    }

    public List<ILoggingEvent> events() {
        synchronized (appender) {
            return List.copyOf(appender.list);
        }
    }

    @Override
    public void close() {
        logger.detachAppender(appender);
    }
}

package dev.webhooker.config;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalysisReporter;

/**
 * Reports a start-up failure as one log line. Spring's own reporter (a framed block of several lines) is
 * switched off in application.yaml; a bad setting reads "Invalid setting NAME: what is wrong", anything
 * else Spring analysed reads "Start-up failed: description. action".
 */
public class OneLineFailureReporter implements FailureAnalysisReporter {

    private static final Logger LOG = LoggerFactory.getLogger("dev.webhooker.Startup");

    @Override
    public void report(FailureAnalysis analysis) {
        if (analysis instanceof SettingFailureAnalyzer.SettingFailureAnalysis) {
            LOG.error(analysis.getDescription());
            return;
        }
        String action = analysis.getAction() == null ? "" : " " + oneLine(analysis.getAction());
        LOG.error("Start-up failed: {}{}", oneLine(analysis.getDescription()), action);
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}

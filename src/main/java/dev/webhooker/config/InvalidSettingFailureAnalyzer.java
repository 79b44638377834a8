package dev.webhooker.config;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns an {@link InvalidSettingException} anywhere in the start-up failure into one readable report. */
public class InvalidSettingFailureAnalyzer extends AbstractFailureAnalyzer<InvalidSettingException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, InvalidSettingException cause) {
        return new FailureAnalysis(
                "Invalid setting " + cause.getMessage(),
                "Fix " + cause.setting() + " (see the configuration table in README.md) and start again.",
                null);
    }
}

package dev.webhooker.config;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Turns a bad setting anywhere in a start-up failure into one line: our own {@link InvalidSettingException},
 * or a value Spring could not bind, named by its environment variable when it is one of {@link Settings}.
 * Runs before Spring's own binding analyzer, whose report is several lines about an internal property.
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
public class SettingFailureAnalyzer implements FailureAnalyzer {

    @Override
    public FailureAnalysis analyze(Throwable failure) {
        InvalidSettingException invalid = find(failure, InvalidSettingException.class);
        if (invalid != null) {
            return new SettingFailureAnalysis("Invalid setting " + invalid.getMessage(), invalid);
        }
        BindException bind = find(failure, BindException.class);
        if (bind != null && bind.getProperty() != null) {
            return new SettingFailureAnalysis(describe(bind.getProperty(), bind), bind);
        }
        return null;
    }

    private static String describe(ConfigurationProperty property, BindException e) {
        String name = property.getName().toString();
        String value = String.valueOf(property.getValue());
        return Settings.forProperty(name)
                .map(s -> "Invalid setting " + Settings.malformed(s.variable(), value, s.kind()).getMessage())
                .orElseGet(() -> "Invalid setting " + name + ": " + Settings.quote(value) + " cannot be read as "
                        + e.getTarget().getType() + rootCause(e));
    }

    private static String rootCause(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == e || root.getMessage() == null ? "" : " (" + root.getMessage().lines().findFirst().orElse("") + ")";
    }

    private static <T extends Throwable> T find(Throwable failure, Class<T> type) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }

    /** An analysis that is a complete one-line report ({@link OneLineFailureReporter} prints it as is). */
    static final class SettingFailureAnalysis extends FailureAnalysis {
        SettingFailureAnalysis(String line, Throwable cause) {
            super(line, null, cause);
        }
    }
}

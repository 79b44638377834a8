package dev.webhooker.config;

import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import org.springframework.boot.convert.DurationStyle;
import org.springframework.util.unit.DataSize;

import dev.webhooker.web.TrustedProxies;

/**
 * The shapes a setting's value can have, each checked the way Spring's binder will read it later, so
 * a value that passes here also binds. {@link #expected} is what the start-up line tells the operator.
 */
enum SettingKind {

    POSITIVE_DURATION("a positive duration such as 30s, 5m, 2h or 7d") {
        @Override
        boolean accepts(String value) {
            Duration d = duration(value);
            return d != null && !d.isNegative() && !d.isZero();
        }
    },
    NON_NEGATIVE_DURATION("a duration of zero or more, such as 0s, 30m or 1h") {
        @Override
        boolean accepts(String value) {
            Duration d = duration(value);
            return d != null && !d.isNegative();
        }
    },
    DURATION_LIST("comma-separated positive durations such as 5s,30s,2m,10m") {
        @Override
        boolean accepts(String value) {
            for (String part : value.split(",", -1)) {
                if (!POSITIVE_DURATION.accepts(part.trim())) {
                    return false;
                }
            }
            return true;
        }
    },
    DATA_SIZE("a size in bytes, or with a unit such as 64KB or 1MB") {
        @Override
        boolean accepts(String value) {
            try {
                return !DataSize.parse(value).isNegative();
            } catch (IllegalArgumentException e) {
                return false;
            }
        }
    },
    PORT("a port number from 0 to 65535 (0 picks a free one)") {
        @Override
        boolean accepts(String value) {
            return integerIn(value, 0, 65535);
        }
    },
    PROBABILITY("a number from 0 to 1, such as 1.0 or 0.1") {
        @Override
        boolean accepts(String value) {
            try {
                double p = Double.parseDouble(value);
                return p >= 0 && p <= 1;
            } catch (NumberFormatException e) {
                return false;
            }
        }
    },
    POSITIVE_INT("a whole number of at least 1") {
        @Override
        boolean accepts(String value) {
            return integerIn(value, 1, Integer.MAX_VALUE);
        }
    },
    NON_NEGATIVE_INT("a whole number of 0 or more") {
        @Override
        boolean accepts(String value) {
            return integerIn(value, 0, Integer.MAX_VALUE);
        }
    },
    BOOLEAN("true or false") {
        @Override
        boolean accepts(String value) {
            return BOOLEAN_WORDS.contains(value.toLowerCase(Locale.ROOT));
        }
    },
    HTTP_URL("an http:// or https:// URL such as https://webhooker.example.com") {
        @Override
        boolean accepts(String value) {
            return HTTP_URL_PATTERN.matcher(value).matches();
        }
    },
    /** A key that stays out of every log line: a malformed one is described by its length only. */
    SECRET_KEY("a secret of at least 32 characters (for example the output of: openssl rand -hex 32)") {
        @Override
        boolean accepts(String value) {
            return value.length() >= 32;
        }
    },
    IP_ADDRESS("an IP address such as 127.0.0.1 or ::1") {
        @Override
        boolean accepts(String value) {
            return !value.contains("/") && TrustedProxies.isRange(value);
        }
    },
    ADDRESS_RANGES("comma-separated IP addresses and CIDR ranges such as 10.0.0.0/8,192.168.1.5") {
        @Override
        boolean accepts(String value) {
            for (String part : value.split(",", -1)) {
                if (!part.isBlank() && !TrustedProxies.isRange(part)) {
                    return false;
                }
            }
            return true;
        }
    },
    NUMERIC_IDS("comma-separated numeric GitHub user ids such as 583231,9919") {
        @Override
        boolean accepts(String value) {
            for (String part : value.split(",", -1)) {
                if (!part.isBlank() && !NUMBER.matcher(part.trim()).matches()) {
                    return false;
                }
            }
            return true;
        }
    };

    /** The words Spring's string-to-boolean conversion takes. */
    private static final Set<String> BOOLEAN_WORDS = Set.of("true", "false", "yes", "no", "on", "off", "1", "0");
    private static final Pattern HTTP_URL_PATTERN = Pattern.compile("(?i)https?://[^\\s/?#]+[^\\s]*");
    private static final Pattern NUMBER = Pattern.compile("[0-9]{1,19}");

    private final String expected;

    SettingKind(String expected) {
        this.expected = expected;
    }

    public String expected() {
        return expected;
    }

    /** Whether {@code value} (trimmed, not blank) has this shape. */
    abstract boolean accepts(String value);

    private static Duration duration(String value) {
        try {
            return DurationStyle.detectAndParse(value);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static boolean integerIn(String value, int min, int max) {
        try {
            int n = Integer.parseInt(value);
            return n >= min && n <= max;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}

package dev.webhooker.maintenance;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.quartz.CronExpression;

import dev.webhooker.config.InvalidSettingException;

/**
 * Schedules are written as the usual 5-field cron ({@code *}{@code /5 * * * *}, as in the original's wrangler
 * config); Quartz wants seconds first and {@code ?} in one of the two day fields. A 6- or 7-field value
 * is taken as Quartz syntax as it is (that is also how tests get a per-second schedule).
 *
 * <p>Conversion of {@code m h dom mon dow}: seconds become {@code 0}; the unrestricted day field
 * becomes {@code ?}; numeric weekdays (Unix 0–7, Sunday = 0 or 7) become names, because Quartz numbers
 * them 1–7 from Sunday. Cron's "either day field matches" has no Quartz equivalent, so a value that
 * restricts both day fields is refused.
 */
final class QuartzCron {

    private static final Pattern WEEKDAY_NUMBER = Pattern.compile("(?<![/#\\d])([0-7])(?!\\d)");
    private static final String[] WEEKDAY_NAMES = {"SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"};

    private QuartzCron() {
    }

    /**
     * The Quartz form of {@code value}; {@code setting} names the environment variable in the error.
     *
     * @throws InvalidSettingException when the value is not a usable schedule
     */
    public static String of(String setting, String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidSettingException(setting, "a cron schedule is required, e.g. */5 * * * *");
        }
        String[] fields = value.trim().split("\\s+");
        String quartz = switch (fields.length) {
            case 5 -> fromUnix(setting, fields);
            case 6, 7 -> String.join(" ", fields);
            default -> throw new InvalidSettingException(setting,
                    "expected 5 cron fields (minute hour day-of-month month day-of-week), got " + fields.length
                            + " in '" + value + "'");
        };
        if (!CronExpression.isValidExpression(quartz)) {
            String reason;
            try {
                CronExpression.validateExpression(quartz);
                reason = "invalid";
            } catch (java.text.ParseException e) {
                reason = e.getMessage();
            }
            throw new InvalidSettingException(setting, "not a valid cron schedule '" + value + "': " + reason);
        }
        return quartz;
    }

    private static String fromUnix(String setting, String[] f) {
        String dom = f[2];
        String dow = f[4];
        boolean domFree = dom.equals("*") || dom.equals("?");
        boolean dowFree = dow.equals("*") || dow.equals("?");
        if (dowFree) {
            dow = "?";
        } else if (domFree) {
            dom = "?";
            dow = weekdayNames(dow);
        } else {
            throw new InvalidSettingException(setting,
                    "restrict either day-of-month or day-of-week, not both (Quartz cannot express cron's 'either')");
        }
        return String.join(" ", "0", f[0], f[1], dom, f[3], dow);
    }

    private static String weekdayNames(String dow) {
        Matcher m = WEEKDAY_NUMBER.matcher(dow.toUpperCase(Locale.ROOT));
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, WEEKDAY_NAMES[Integer.parseInt(m.group(1))]);
        }
        m.appendTail(out);
        return out.toString();
    }
}

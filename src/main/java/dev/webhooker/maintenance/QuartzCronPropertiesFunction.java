package dev.webhooker.maintenance;

import org.apache.camel.spi.PropertiesFunction;

/**
 * {@code {{quartz-cron:some.property}}} in a route: reads the property and gives its schedule in the
 * form a {@code quartz:} endpoint URI takes (Quartz syntax, fields joined by {@code +}). Found by Camel
 * through {@code META-INF/services/org/apache/camel/properties-function/quartz-cron}.
 */
public class QuartzCronPropertiesFunction implements PropertiesFunction {

    @Override
    public String getName() {
        return "quartz-cron";
    }

    /** The remainder is a property key: Camel resolves it and hands its value to {@link #apply}. */
    @Override
    public boolean lookupFirst(String remainder) {
        return true;
    }

    @Override
    public String apply(String value) {
        return QuartzCron.of("cron schedule", value).replace(' ', '+');
    }
}

package dev.webhooker.routing;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.RECORD_COMPONENT;
import static java.lang.annotation.ElementType.TYPE_USE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import java.util.Collection;
import java.util.List;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Size;

import com.google.re2j.PatternSyntaxException;
import org.hibernate.validator.constraintvalidation.HibernateConstraintValidatorContext;

/**
 * The Bean Validation constraints of the configuration's values whose message names the value itself: a refusal
 * quotes what was written ({@link ConfigError#quote}), so {@code unknown role "boss"} says which entry of a list is
 * wrong. A message's {@code {value}} is the quoted value, {@code {count}} a list's size; the value is a parameter, so
 * braces in it are never read as a template.
 */
final class ConfigConstraints {

    private ConfigConstraints() {
    }

    /** A group's or route's id: required, at most 64 characters, lower-case letters, digits and dashes. */
    @Documented
    @Constraint(validatedBy = {})
    @NotEmpty(message = "required")
    @Size(max = ConfigValidator.MAX_ID_LENGTH, message = "longer than " + ConfigValidator.MAX_ID_LENGTH + " characters")
    @Matches(regexp = "[a-z0-9][a-z0-9-]*", message = "invalid id {value} (lower-case letters, digits and '-', not starting with '-')")
    @Target({FIELD, METHOD, PARAMETER, RECORD_COMPONENT, TYPE_USE})
    @Retention(RUNTIME)
    public @interface EntryId {
        String message() default "";

        Class<?>[] groups() default {};

        Class<? extends Payload>[] payload() default {};
    }

    /** A group's or route's name: not blank, at most 100 characters, no NUL (PostgreSQL's text cannot hold it). */
    @Documented
    @Constraint(validatedBy = {})
    @NotBlank(message = "required (not blank)")
    @Size(max = ConfigValidator.MAX_NAME_LENGTH, message = "longer than " + ConfigValidator.MAX_NAME_LENGTH + " characters")
    @Matches(regexp = "[^\u0000]*", message = "must not contain the NUL character")
    @Target({FIELD, METHOD, PARAMETER, RECORD_COMPONENT, TYPE_USE})
    @Retention(RUNTIME)
    public @interface EntryName {
        String message() default "";

        Class<?>[] groups() default {};

        Class<? extends Payload>[] payload() default {};
    }

    /** The whole string matches {@code regexp}; null passes unless {@code required}. */
    @Documented
    @Constraint(validatedBy = MatchesCheck.class)
    @Target({FIELD, METHOD, PARAMETER, RECORD_COMPONENT, TYPE_USE})
    @Retention(RUNTIME)
    public @interface Matches {
        String regexp();

        boolean required() default false;

        String message();

        Class<?>[] groups() default {};

        Class<? extends Payload>[] payload() default {};
    }

    /** One of {@code values}; null passes unless {@code required}. */
    @Documented
    @Constraint(validatedBy = OneOfCheck.class)
    @Target({FIELD, METHOD, PARAMETER, RECORD_COMPONENT, TYPE_USE})
    @Retention(RUNTIME)
    public @interface OneOf {
        String[] value();

        boolean required() default false;

        String message();

        Class<?>[] groups() default {};

        Class<? extends Payload>[] payload() default {};
    }

    /** A list of at most {@code max} entries. */
    @Documented
    @Constraint(validatedBy = MaxItemsCheck.class)
    @Target({FIELD, METHOD, PARAMETER, RECORD_COMPONENT, TYPE_USE})
    @Retention(RUNTIME)
    public @interface MaxItems {
        int value();

        String message();

        Class<?>[] groups() default {};

        Class<? extends Payload>[] payload() default {};
    }

    /**
     * A filter pattern whose regex form ({@code /…/}) compiles, with the linear-time engine the matcher uses, so what
     * passes here also compiles there; {@code {problem}} is what the engine found wrong.
     */
    @Documented
    @Constraint(validatedBy = RegexCheck.class)
    @Target({FIELD, METHOD, PARAMETER, RECORD_COMPONENT, TYPE_USE})
    @Retention(RUNTIME)
    public @interface CompilingRegex {
        String message() default "invalid regular expression {value}: {problem}";

        Class<?>[] groups() default {};

        Class<? extends Payload>[] payload() default {};
    }

    /** The value, quoted, as the message's {@code {value}}. */
    private static void quoted(ConstraintValidatorContext context, String value) {
        context.unwrap(HibernateConstraintValidatorContext.class).addMessageParameter("value", ConfigError.quote(value));
    }

    public static final class MatchesCheck implements ConstraintValidator<Matches, String> {

        private java.util.regex.Pattern pattern;
        private boolean required;

        @Override
        public void initialize(Matches annotation) {
            pattern = java.util.regex.Pattern.compile(annotation.regexp());
            required = annotation.required();
        }

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            if (value == null ? !required : pattern.matcher(value).matches()) {
                return true;
            }
            quoted(context, value);
            return false;
        }
    }

    public static final class OneOfCheck implements ConstraintValidator<OneOf, String> {

        private List<String> values;
        private boolean required;

        @Override
        public void initialize(OneOf annotation) {
            values = List.of(annotation.value());
            required = annotation.required();
        }

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            if (value == null ? !required : values.contains(value)) {
                return true;
            }
            quoted(context, value);
            return false;
        }
    }

    public static final class MaxItemsCheck implements ConstraintValidator<MaxItems, Collection<?>> {

        private int max;

        @Override
        public void initialize(MaxItems annotation) {
            max = annotation.value();
        }

        @Override
        public boolean isValid(Collection<?> value, ConstraintValidatorContext context) {
            if (value == null || value.size() <= max) {
                return true;
            }
            context.unwrap(HibernateConstraintValidatorContext.class).addMessageParameter("count", value.size());
            return false;
        }
    }

    public static final class RegexCheck implements ConstraintValidator<CompilingRegex, String> {

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            if (value == null || value.length() < 2 || !value.startsWith("/") || !value.endsWith("/")) {
                return true;
            }
            try {
                com.google.re2j.Pattern.compile(value.substring(1, value.length() - 1), com.google.re2j.Pattern.CASE_INSENSITIVE);
                return true;
            } catch (PatternSyntaxException e) {
                quoted(context, value);
                context.unwrap(HibernateConstraintValidatorContext.class).addMessageParameter("problem", e.getDescription());
                return false;
            }
        }
    }
}
